import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { safeUrl } from '../rules';
import { EMPTY_SECTION, MarkdownView } from './markdown-view';

function renderMd(source: string) {
  return render(
    <MantineProvider>
      <MarkdownView source={source} label="CV" />
    </MantineProvider>,
  );
}

/** Nothing in the rendered tree may execute: no dangerous href/src, no handlers, no scripts. */
function expectInert(container: HTMLElement) {
  // Only the markdown output: the Mantine provider adds its own <style> elements.
  const root = container.querySelector('.markdown-preview');
  expect(root).not.toBeNull();
  container = root as HTMLElement;
  expect(container.querySelectorAll('script, iframe, object, embed, style')).toHaveLength(0);
  for (const el of Array.from(container.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      if (['href', 'src', 'xlink:href', 'action', 'formaction'].includes(attr.name.toLowerCase())) {
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters in schemes
        const v = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        expect(
          v.startsWith('javascript:') || v.startsWith('data:') || v.startsWith('vbscript:'),
          v,
        ).toBe(false);
      }
    }
  }
}

const PAYLOADS = [
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x]( javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">a</a>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '<https://ok.test> <javascript:alert(1)>',
  '<svg onload=alert(1)></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
];

describe('MarkdownView', () => {
  it.each(PAYLOADS)('renders %j inert', (payload) => {
    const { container } = renderMd(payload);
    expectInert(container);
  });

  it('keeps safe links', () => {
    const { container } = renderMd(
      '[a](https://a.test) [b](http://b.test) [c](mailto:c@x.test) [d](tel:+441234) [e](/users) [f](#top) [g](?q=1) [h](page.html)',
    );
    const hrefs = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://a.test',
      'http://b.test',
      'mailto:c@x.test',
      'tel:+441234',
      '/users',
      '#top',
      '?q=1',
      'page.html',
    ]);
  });

  it('renders an unsafe link without href but keeps its text', () => {
    const { container } = renderMd('[click me](javascript:alert(1))');
    const a = container.querySelector('a');
    expect(a?.textContent).toBe('click me');
    expect(a?.hasAttribute('href')).toBe(false);
  });

  it('never loads an image: each one is a link to its address, named by its alt text', () => {
    const { container } = renderMd(
      '![tracking pixel](https://tracker.test/p.gif?who=viewer) ![](https://cdn.test/cat.png) ![local](/api/v1/x.png)',
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const links = Array.from(container.querySelectorAll('.markdown-preview a')).map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['tracking pixel', 'https://tracker.test/p.gif?who=viewer'],
      ['https://cdn.test/cat.png', 'https://cdn.test/cat.png'],
      ['local', '/api/v1/x.png'],
    ]);
  });

  it('shows the empty text', () => {
    const { getByText } = renderMd('  ');
    expect(getByText(EMPTY_SECTION)).toBeTruthy();
  });
});

describe('safeUrl', () => {
  it('allows only the listed forms', () => {
    expect(safeUrl('HTTPS://x.test')).toBe('HTTPS://x.test');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,x')).toBeUndefined();
    expect(safeUrl('vbscript:x')).toBeUndefined();
    expect(safeUrl('file:///etc/passwd')).toBeUndefined();
    expect(safeUrl('a/b:c')).toBe('a/b:c');
  });
});
