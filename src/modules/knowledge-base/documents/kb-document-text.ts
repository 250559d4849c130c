import { DOCX, KbDocumentMime, PDF, XLSX } from './kb-document-type';

/** A document whose text cannot be read: the reason is the user's to see. */
export class UnreadableDocument extends Error {}

interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
}

/** The part of pdf.js the knowledge base uses. */
interface PdfJs {
  getDocument(source: { data: Uint8Array; isEvalSupported: boolean; useSystemFonts: boolean; verbosity: number }): {
    promise: Promise<{
      numPages: number;
      getPage(page: number): Promise<{ getTextContent(): Promise<{ items: PdfTextItem[] }> }>;
      destroy(): Promise<void>;
    }>;
  };
}

/**
 * pdf.js is an ES module (its legacy build runs on Node 20): the build's CommonJS output loads it with require(), which
 * Node 20 does for a module without top-level await, and the tests' loader with its own import().
 */
const loadPdfJs = (): Promise<PdfJs> => import('pdfjs-dist/legacy/build/pdf.mjs') as Promise<PdfJs>;
/**
 * The readers of DOCX and XLSX load on the first document of their kind: they take about half a second to load, which
 * every start of the service and of each test's app would otherwise pay.
 */
const loadMammoth = async () => (await import('mammoth')).default;
const loadExcelJs = () => import('exceljs');
/** pdf.js logs only its errors. */
const PDF_ERRORS_ONLY = 0;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await loadPdfJs();
  let document: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    document = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: PDF_ERRORS_ONLY,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    throw new UnreadableDocument(name === 'PasswordException' ? 'PDF защищён паролем' : 'PDF повреждён и не читается', { cause: error });
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const { items } = await (await document.getPage(number)).getTextContent();
      pages.push(items.map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`).join(''));
    }
    return pages.join('\n\n');
  } catch (error) {
    throw new UnreadableDocument('PDF повреждён и не читается', { cause: error });
  } finally {
    await document.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  try {
    const mammoth = await loadMammoth();
    return (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch (error) {
    throw new UnreadableDocument('DOCX повреждён и не читается', { cause: error });
  }
}

/** Each sheet under its name as a heading, a row a line of its cells' texts. */
async function xlsxText(bytes: Buffer): Promise<string> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableDocument('XLSX повреждён и не читается', { cause: error });
  }
  return workbook.worksheets
    .map((sheet) => {
      const rows: string[] = [];
      sheet.eachRow((row) => {
        const cells: string[] = [];
        row.eachCell((cell) => {
          if (cell.text.trim()) cells.push(cell.text.trim());
        });
        if (cells.length) rows.push(cells.join(' | '));
      });
      return rows.length ? `# ${sheet.name}\n\n${rows.join('\n')}` : '';
    })
    .filter(Boolean)
    .join('\n\n');
}

/** Text in UTF-8 without its byte order mark (the upload checked it is UTF-8). */
const plainText = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');

/**
 * The document's text for its chunks; NUL characters, which no text column holds, are dropped. UnreadableDocument when
 * the file is corrupt or locked.
 */
export async function documentText(bytes: Buffer, mimeType: KbDocumentMime): Promise<string> {
  const text =
    mimeType === PDF
      ? await pdfText(bytes)
      : mimeType === DOCX
        ? await docxText(bytes)
        : mimeType === XLSX
          ? await xlsxText(bytes)
          : plainText(bytes);
  return text.replaceAll('\u0000', '');
}
