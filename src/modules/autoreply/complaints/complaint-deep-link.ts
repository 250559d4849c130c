/** The feedbacks screen of the marketplace seller site, where the seller files a prepared complaint (spec: Complaint). */
const FEEDBACKS_SCREEN = '/feedbacks/feedbacks-tab/not-answered';

/** The screen on the seller site, filtered to the product when the feedback names one. */
export function complaintDeepLink(sellerSiteUrl: string, nmId: number | null): string {
  const link = new URL(FEEDBACKS_SCREEN, sellerSiteUrl);
  if (nmId) link.searchParams.set('nmId', String(nmId));
  return link.toString();
}
