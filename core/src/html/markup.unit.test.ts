import { describe, expect, it } from 'vitest';
import { jsonLd, markup, raw } from './markup.ts';

describe('markup', () => {
  it('escapes every interpolated value unless it is markup', () => {
    const title = '<img src=x onerror=alert(1)> & "quotes"';
    expect(markup`<h1 title="${title}">${title}</h1>`.value).toBe(
      '<h1 title="&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;">&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;</h1>',
    );
    expect(markup`<p>${markup`<b>${'a<b'}</b>`}${raw('<br>')}</p>`.value).toBe(
      '<p><b>a&lt;b</b><br></p>',
    );
  });

  it('joins arrays and drops null, undefined and false', () => {
    expect(
      markup`<ul>${['a', 'b'].map((x) => markup`<li>${x}</li>`)}${null}${undefined}${false}</ul>`
        .value,
    ).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it("drops the template's own indentation once, and keeps what is interpolated as it is", () => {
    const item = (text: string) => markup`
      <li>${text}</li>`;
    const list = markup`<ul>
        ${item('a\n   b')}
    </ul>`;
    expect(list.value).toBe('<ul>\n\n<li>a\n   b</li>\n</ul>');
    expect(markup`<pre>${'  kept  '}</pre>`.value).toBe('<pre>  kept  </pre>');
  });

  it('keeps JSON-LD from closing its script block', () => {
    const block = jsonLd({ name: '</script><script>alert(1)</script>' }).value;
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).toContain('\\u003c/script>');
  });
});
