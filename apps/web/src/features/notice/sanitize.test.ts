import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps ordinary article markup', () => {
    const html =
      '<h2>Title</h2><p>Text with <strong>bold</strong> and <a href="/#/noticeList">a link</a>.</p>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml('<ul><li>one</li></ul><img src="/upload/a.png" alt="a">')).toBe(
      '<ul><li>one</li></ul><img src="/upload/a.png" alt="a">',
    );
  });

  it('drops scripts, frames, forms and event handlers', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">x</p><script>alert(1)</script><iframe title="frame"></iframe><form><input></form><img src=x onerror="alert(1)">',
    );
    expect(out).toBe('<p>x</p><img src="x">');
  });

  it('drops javascript: and other unsafe links, however they are disguised', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href=" jav&#x09;ascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="vbscript:x">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="data:text/html,x">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe(
      '<img src="data:image/png;base64,AAAA">',
    );
  });

  it('opens external links in a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.com">e</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">e</a>',
    );
    expect(sanitizeHtml('<a href="mailto:support@exchange.local">m</a>')).toBe(
      '<a href="mailto:support@exchange.local">m</a>',
    );
  });

  it('answers an empty string for no content', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});
