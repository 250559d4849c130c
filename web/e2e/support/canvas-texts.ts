import type { Page } from 'playwright-core';

/** Runs in the page: keeps every text drawn on a canvas, since a chart's legend and axis labels are pixels, not elements. */
const RECORD_CANVAS_TEXTS = `
  window.drawnTexts = [];
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    window.drawnTexts.push(String(args[0]));
    return fillText.apply(this, args);
  };
`;

/** Records the texts the page's canvases draw from its next navigation on. */
export const recordCanvasTexts = (page: Page) => page.addInitScript(RECORD_CANVAS_TEXTS);

/** The texts drawn on the page's canvases so far. */
export const canvasTexts = async (page: Page) => (await page.evaluate('window.drawnTexts')) as string[];
