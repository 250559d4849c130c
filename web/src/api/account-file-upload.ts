/**
 * The request options of one file uploaded to a cabinet: multipart, the cabinet's field before the file in the part
 * `file`, as the service reads them. The typed body only meets the contract; the form is what is sent.
 */
export function accountFileUpload(mpAccountId: string, file: File) {
  const form = new FormData();
  form.append('mpAccountId', mpAccountId);
  form.append('file', file, file.name);
  return { body: { mpAccountId, file: '' }, bodySerializer: () => form };
}
