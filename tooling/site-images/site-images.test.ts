import { JSDOM } from 'jsdom';
import { expect, test } from 'vitest';
import { SITE_TITLE } from '../../src-core/domain/navigation';
import { LOGO_IMAGE, SHARE_IMAGE, SITE_MOTTOS } from '../../src-core/domain/site-images';
import { pngSize } from '../../tests/support/png-size';
import { balancedLines, houseColours, logoShapes, makeSiteImages, SHARE_LAYOUT, shareImageSvg, textWidth } from './site-images';

test('the build makes a 1200x630 share picture and a square logo under content-hashed names, and the touch icon iOS asks for', () => {
  const { images, files } = makeSiteImages();

  const byName = new Map(files.map((file) => [file.fileName, file.source]));
  expect(images.share).toMatch(/^\/assets\/share-image-[0-9a-f]{10}\.png$/);
  expect(images.logo).toMatch(/^\/assets\/logo-[0-9a-f]{10}\.png$/);
  expect(pngSize(byName.get(images.share.slice(1)) ?? Buffer.alloc(0))).toEqual({ width: 1200, height: 630 });
  expect(pngSize(byName.get(images.logo.slice(1)) ?? Buffer.alloc(0))).toEqual({ width: LOGO_IMAGE.size, height: LOGO_IMAGE.size });
  expect(pngSize(byName.get('apple-touch-icon.png') ?? Buffer.alloc(0))).toEqual({ width: 180, height: 180 });
  expect(SHARE_IMAGE).toEqual({ width: 1200, height: 630 });
  // The check reads the whole file: one changed byte of the picture is caught.
  const damaged = Buffer.from(byName.get(images.share.slice(1)) ?? Buffer.alloc(0));
  damaged[200] = (damaged[200] ?? 0) ^ 0xff;
  expect(() => pngSize(damaged)).toThrow(/CRC/);
});

test('the same code makes the same bytes, so the server bundle and the browser build name the same files', () => {
  const first = makeSiteImages();
  const second = makeSiteImages();

  expect(second.images).toEqual(first.images);
  expect(second.files.map((file) => file.source.equals(first.files.find((other) => other.fileName === file.fileName)?.source ?? Buffer.alloc(0)))).toEqual([
    true,
    true,
    true,
  ]);
});

test("the share picture shows the header's logo, the site's name and both mottos, every line inside the picture's margins", () => {
  const svg = shareImageSvg(logoShapes());
  const document = new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;
  const lines = [...document.querySelectorAll('text')];

  expect(svg).toContain(logoShapes());
  expect(lines.map((line) => line.textContent)).toEqual([...balancedLines(SITE_TITLE, 3), ...SITE_MOTTOS]);
  for (const line of lines) {
    const x = Number(line.getAttribute('x'));
    const y = Number(line.getAttribute('y'));
    const size = Number(line.getAttribute('font-size'));
    const weight = line.getAttribute('font-weight') === 'bold' ? 'bold' : 'normal';
    expect(x + textWidth(line.textContent ?? '', size, weight), line.textContent ?? '').toBeLessThanOrEqual(SHARE_IMAGE.width - SHARE_LAYOUT.margin);
    expect(y - size, line.textContent ?? '').toBeGreaterThan(0);
    expect(y, line.textContent ?? '').toBeLessThan(SHARE_IMAGE.height - 24);
  }
});

test('the name is set on three lines as even as its words allow', () => {
  expect(balancedLines('Retired Nurses Association Of Ireland', 3)).toEqual(['Retired Nurses', 'Association', 'Of Ireland']);
  expect(balancedLines('One two', 3)).toEqual(['One', 'two']);
});

test("the colours are the header's, read from the site's stylesheet; a missing one stops the build naming it", () => {
  expect(houseColours()).toEqual({ banner: '#0e3b4a', bannerInk: '#ffffff', sand: '#f5d7a1', amber: '#f0b44c' });
  expect(() => houseColours(':root { --banner: #000000; }')).toThrow(/--banner-ink/);
});
