// The PNG chart of a run: horizontal grouped bars drawn as SVG here (no charting library is installed) and turned into
// a PNG by Chromium, which renders SVG text and shapes exactly as a browser shows them.
import { chromium } from 'playwright-core';

const width = 960;
const rowHeight = 18;
const labelWidth = 300;
const palette = ['#1f6fb2', '#e08a1e', '#5a9e4b', '#9a4fb0'];

/** @param {string} text */
const esc = (text) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * @typedef {object} Panel
 * @property {string} title
 * @property {string} unit appended to each value label
 * @property {string[]} categories one group of bars each
 * @property {{ name: string, values: (number | null)[] }[]} series one bar per category each
 */

/**
 * One panel: its title, a legend and one group of bars per category, scaled to the panel's largest value.
 * @param {Panel} panel
 * @param {number} top
 * @returns {{ svg: string, height: number }}
 */
function panelSvg(panel, top) {
  const groupHeight = rowHeight * panel.series.length + 10;
  const max = Math.max(1, ...panel.series.flatMap((s) => s.values.filter((v) => v != null)));
  const barSpace = width - labelWidth - 90;
  const parts = [`<text x="10" y="${top + 18}" font-size="16" font-weight="bold">${esc(panel.title)}</text>`];
  panel.series.forEach((series, i) => {
    const x = labelWidth + i * 200;
    parts.push(
      `<rect x="${x}" y="${top + 28}" width="12" height="12" fill="${palette[i % palette.length]}"/>`,
      `<text x="${x + 18}" y="${top + 39}" font-size="12">${esc(series.name)}</text>`,
    );
  });
  let y = top + 52;
  panel.categories.forEach((category, c) => {
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + (rowHeight * panel.series.length) / 2 + 2}" font-size="12" text-anchor="end">${esc(category)}</text>`,
    );
    panel.series.forEach((series, i) => {
      const value = series.values[c];
      const barY = y + i * rowHeight;
      const barWidth = value == null ? 0 : Math.max(1, (value / max) * barSpace);
      const label = value == null ? 'sin dato' : `${formatNumber(value)}${panel.unit}`;
      parts.push(
        `<rect x="${labelWidth}" y="${barY}" width="${barWidth.toFixed(1)}" height="${rowHeight - 4}" fill="${palette[i % palette.length]}"/>`,
        `<text x="${labelWidth + barWidth + 6}" y="${barY + rowHeight - 7}" font-size="11">${esc(label)}</text>`,
      );
    });
    y += groupHeight;
  });
  return { svg: parts.join('\n'), height: y - top + 16 };
}

/** @param {number} value */
function formatNumber(value) {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : String(Math.round(value * 100) / 100);
}

/**
 * The whole chart as one SVG document.
 * @param {string} title
 * @param {Panel[]} panels
 */
export function chartSvg(title, panels) {
  let top = 40;
  const bodies = [];
  for (const panel of panels) {
    const { svg, height } = panelSvg(panel, top);
    bodies.push(svg);
    top += height;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${top}" font-family="DejaVu Sans, sans-serif" fill="#222">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="26" font-size="20" font-weight="bold">${esc(title)}</text>
${bodies.join('\n')}
</svg>`;
}

/**
 * Screenshots the SVG in Chromium into a PNG file.
 * @param {string} svg
 * @param {string} file
 */
export async function writePng(svg, file) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: { width, height: 200 } });
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: file });
  } finally {
    await browser.close();
  }
}
