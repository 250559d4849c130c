/** What a screen reader reads after a control's name: the texts its aria-describedby names (its error first, in Mantine). */
export function descriptionOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
