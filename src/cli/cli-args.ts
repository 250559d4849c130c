/** The value after --name on the command line. */
export function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

/** Whether --name is on the command line (a switch without a value). */
export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}
