/**
 * The pictures the build makes from the site's own logo and name: the share preview (1200x630),
 * a square logo for search engines, and the icon iOS looks for at /apple-touch-icon.png. Each
 * is an SVG composed here and rasterised by resvg with DejaVu Sans from the dejavu-fonts-ttf
 * package, never a system font, so every machine makes the same bytes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// '.js' because Vite's config loader reads this file too.
import { SITE_TITLE } from '../../src-core/domain/navigation.js';
import { LOGO_IMAGE, SHARE_IMAGE, SITE_MOTTOS, type SiteImages } from '../../src-core/domain/site-images.js';
import { Logo } from '../../src/components/shell/logo.js';
import { REPO_ROOT } from '../repo-root.js';

const require = createRequire(import.meta.url);

const FONT_FAMILY = 'DejaVu Sans';
const FONT_FILES = [require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')];

const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT_FAMILY },
};

/** The house colours the pictures use, as the site's stylesheet names them. */
export interface HouseColours {
  readonly banner: string;
  readonly bannerInk: string;
  readonly sand: string;
  readonly amber: string;
}

const STYLESHEET = path.join(REPO_ROOT, 'src', 'styles', 'global.css');

/** The colours of the header and footer, read from the stylesheet's first (light) definitions. */
export function houseColours(css: string = fs.readFileSync(STYLESHEET, 'utf8')): HouseColours {
  const colour = (name: string): string => {
    const found = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(css)?.[1];
    if (found === undefined) throw new Error(`${STYLESHEET} has no --${name} colour for the share picture.`);
    return found;
  };
  return { banner: colour('banner'), bannerInk: colour('banner-ink'), sand: colour('sand'), amber: colour('amber') };
}

/** The shapes inside the header's logo (src/components/shell/logo.tsx), in its 64-unit square. */
export function logoShapes(): string {
  const markup = renderToStaticMarkup(createElement(Logo));
  const inner = /^<svg[^>]*viewBox="0 0 64 64"[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (inner === undefined) throw new Error('The logo is no longer one SVG in a 64-unit square; update tooling/site-images.');
  return inner;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** How wide a line of text is drawn, in pixels: resvg lays it out with the same font. */
export function textWidth(text: string, size: number, weight: 'normal' | 'bold'): number {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="${size * 2}">` +
    `<text x="0" y="${size * 1.5}" font-family="${FONT_FAMILY}" font-weight="${weight}" font-size="${size}">${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, RENDER_OPTIONS).getBBox()?.width ?? 0;
}

/** Every way to put `words` on `count` lines, in order, no line empty. */
function splits(words: readonly string[], count: number): string[][] {
  if (count === 1) return [[words.join(' ')]];
  const ways: string[][] = [];
  for (let end = 1; end <= words.length - count + 1; end += 1) {
    for (const rest of splits(words.slice(end), count - 1)) ways.push([words.slice(0, end).join(' '), ...rest]);
  }
  return ways;
}

/** The words on `count` lines of lengths as even as can be ('Retired Nurses' / 'Association' / 'Of Ireland'). */
export function balancedLines(text: string, count: number): string[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const unevenness = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length ** 2, 0);
  const ways = splits(words, Math.min(count, words.length));
  return ways.reduce((best, way) => (unevenness(way) < unevenness(best) ? way : best));
}

/** The largest size up to `largest` at which every line fits `width`. */
function fittingSize(lines: readonly string[], width: number, largest: number, weight: 'normal' | 'bold'): number {
  let size = largest;
  while (size > 12 && Math.max(...lines.map((line) => textWidth(line, size, weight))) > width) size -= 2;
  return size;
}

/** Where the words start and how far they may go: right of the logo, with the same margin on the right. */
export const SHARE_LAYOUT = { logoX: 72, logoSize: 384, textX: 516, margin: 72 } as const;

/** The share picture: the logo large on the left, the site's name and its mottos on the right, in the header's colours. */
export function shareImageSvg(shapes: string, colours: HouseColours = houseColours()): string {
  const { width, height } = SHARE_IMAGE;
  const { logoX, logoSize, textX, margin } = SHARE_LAYOUT;
  const room = width - textX - margin;
  const name = balancedLines(SITE_TITLE, 3);
  const nameSize = fittingSize(name, room, 72, 'bold');
  const mottoSize = fittingSize(SITE_MOTTOS, room, 38, 'normal');
  const nameStep = Math.round(nameSize * 1.17);
  const mottoStep = Math.round(mottoSize * 1.3);
  // The block of words is centred on the picture's middle, as the logo is.
  const blockHeight = name.length * nameStep + Math.round(mottoSize * 0.9) + SITE_MOTTOS.length * mottoStep;
  const top = Math.round((height - blockHeight) / 2);
  const line = (text: string, y: number, size: number, weight: string, fill: string) =>
    `<text x="${textX}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`;
  const nameLines = name.map((text, index) => line(text, top + nameSize + index * nameStep, nameSize, 'bold', colours.bannerInk));
  const mottoTop = top + name.length * nameStep + Math.round(mottoSize * 0.9);
  const mottoLines = SITE_MOTTOS.map((text, index) => line(text, mottoTop + mottoSize + index * mottoStep, mottoSize, 'normal', colours.sand));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${colours.banner}"/>`,
    `<rect y="${height - 24}" width="${width}" height="24" fill="${colours.amber}"/>`,
    `<g transform="translate(${logoX} ${(height - logoSize) / 2}) scale(${logoSize / 64})">${shapes}</g>`,
    `<g font-family="${FONT_FAMILY}">${[...nameLines, ...mottoLines].join('')}</g>`,
    '</svg>',
  ].join('');
}

/** The logo on the header's colour, square: for search engines, and for a phone's home screen. */
export function squareLogoSvg(shapes: string, size: number, colours: HouseColours = houseColours()): string {
  const scale = (size * 0.8) / 64;
  const offset = size * 0.1;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${colours.banner}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${shapes}</g></svg>`
  );
}

export function renderPng(svg: string): Buffer {
  return new Resvg(svg, RENDER_OPTIONS).render().asPng();
}

/** A file for the build's output folder. */
export interface SiteImageFile {
  /** Relative to the output folder: 'assets/share-image-1a2b3c4d5e.png'. */
  readonly fileName: string;
  readonly source: Buffer;
}

function hashedName(stem: string, source: Buffer): string {
  return `assets/${stem}-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.png`;
}

/** The size iOS asks for. */
const TOUCH_ICON_SIZE = 180;

/**
 * Every picture with its file name, and the addresses the pages name them by. The share picture
 * and the logo are content-hashed under assets/, so they can be cached for a year; the touch icon
 * keeps the fixed name iOS asks for without being told.
 */
export function makeSiteImages(): { readonly images: SiteImages; readonly files: readonly SiteImageFile[] } {
  const shapes = logoShapes();
  const colours = houseColours();
  const share = renderPng(shareImageSvg(shapes, colours));
  const logo = renderPng(squareLogoSvg(shapes, LOGO_IMAGE.size, colours));
  const shareFile = { fileName: hashedName('share-image', share), source: share };
  const logoFile = { fileName: hashedName('logo', logo), source: logo };
  const touchIcon = { fileName: 'apple-touch-icon.png', source: renderPng(squareLogoSvg(shapes, TOUCH_ICON_SIZE, colours)) };
  return { images: { share: `/${shareFile.fileName}`, logo: `/${logoFile.fileName}` }, files: [shareFile, logoFile, touchIcon] };
}
