/**
 * Notice content is HTML written by operators. Before it goes into the page, drop what can run code or
 * reach outside the article (scripts, frames, forms, event handlers, javascript: links), and open
 * external links in a new tab.
 */
const DROPPED_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'noscript',
  'template',
  'svg',
  'math',
];

const URL_ATTRIBUTES = [
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'poster',
  'srcset',
];
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/|\.{0,2}\/|[^:]*$)/i;
const SAFE_IMAGE_DATA = /^data:image\/(?:png|gif|jpe?g|webp);/i;

function isSafeUrl(name: string, value: string, tag: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme, so strip them before judging it.
  const url = Array.from(value)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  if (name === 'src' && tag === 'img' && SAFE_IMAGE_DATA.test(url)) return true;
  if (name === 'srcset') return !/(?:javascript|vbscript|data):/i.test(url);
  return SAFE_URL.test(url);
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of Array.from(doc.body.querySelectorAll(DROPPED_ELEMENTS.join(',')))) {
    element.remove();
  }
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || (name === 'style' && /expression|url\s*\(/i.test(attribute.value))) {
        element.removeAttribute(attribute.name);
      } else if (URL_ATTRIBUTES.includes(name) && !isSafeUrl(name, attribute.value, tag)) {
        element.removeAttribute(attribute.name);
      }
    }
    if (tag === 'a' && /^https?:/i.test(element.getAttribute('href') ?? '')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return doc.body.innerHTML;
}
