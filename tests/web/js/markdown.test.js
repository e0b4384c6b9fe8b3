import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeHtml, renderInline, renderMarkdown } from "../../../src/tablier/web/js/markdown.js";

test("HTML in the source is escaped, never passed through", () => {
  const html = renderMarkdown('Hello <script>alert("x")</script> & <b>bold</b>');
  assert.ok(!html.includes("<script>"));
  assert.ok(html.includes("&lt;script&gt;"));
  assert.ok(html.includes("&amp;"));
  assert.ok(!html.includes("<b>"));
});

test("headings get their level and an id", () => {
  assert.equal(renderMarkdown("# Qui'win"), '<h1 id="qui-win">Qui&#39;win</h1>');
  assert.match(renderMarkdown("### Départage"), /^<h3 id="departage">Départage<\/h3>$/);
});

test("paragraphs join their lines and split on blank lines", () => {
  assert.equal(renderMarkdown("one\ntwo\n\nthree"), "<p>one two</p>\n<p>three</p>");
});

test("emphasis, strong and code spans", () => {
  assert.equal(renderInline("*a* and **b** and `c*d*`"), "<em>a</em> and <strong>b</strong> and <code>c*d*</code>");
  assert.equal(renderInline("`<i>`"), "<code>&lt;i&gt;</code>");
  assert.equal(renderInline("snake_case_name stays"), "snake_case_name stays");
});

test("bullet and numbered lists, with continuation lines", () => {
  assert.equal(renderMarkdown("- a\n- b\n  more\n- c"), "<ul><li>a</li><li>b more</li><li>c</li></ul>");
  assert.equal(renderMarkdown("1. x\n2. y"), "<ol><li>x</li><li>y</li></ol>");
});

test("tables with a header, alignment and inline markup", () => {
  const html = renderMarkdown("| colour | code |\n|---|:---:|\n| green | `V22` |\n| red | `R23` |");
  assert.match(html, /<thead><tr><th>colour<\/th><th style="text-align:center">code<\/th><\/tr><\/thead>/);
  assert.match(html, /<tr><td>green<\/td><td style="text-align:center"><code>V22<\/code><\/td><\/tr>/);
  assert.equal((html.match(/<tr>/g) ?? []).length, 3);
});

test("fenced code blocks keep their text verbatim and escaped", () => {
  const html = renderMarkdown("```\n a < b\n**not bold**\n```");
  assert.equal(html, "<pre><code> a &lt; b\n**not bold**</code></pre>");
});

test("a diagram block keeps its game in data-info and its JSON escaped", () => {
  const html = renderMarkdown('```diagram kwinty\n{"moves": ["i1h"], "x": "<b>"}\n```');
  assert.equal(
    html,
    '<pre><code class="language-diagram" data-info="kwinty">{&quot;moves&quot;: [&quot;i1h&quot;], &quot;x&quot;: &quot;&lt;b&gt;&quot;}</code></pre>',
  );
  // an info string that is not a plain word is not a fence attribute
  assert.ok(!renderMarkdown('```diagram "x" onload\nz\n```').includes("data-info"));
});

test("links: safe targets kept, script URLs neutralised", () => {
  assert.equal(renderInline("[rules](/?rules=kwinty)"), '<a href="/?rules=kwinty">rules</a>');
  assert.ok(renderInline("[x](javascript:alert(1))").startsWith('<a href="#">x</a>'));
  assert.ok(!renderInline("[x](javascript:alert)").includes("javascript"));
  assert.ok(!renderInline("[x](data:text/html,hi)").includes("data:"));
});

test("quotes and rules", () => {
  assert.equal(renderMarkdown("> said\n> twice"), "<blockquote><p>said twice</p></blockquote>");
  assert.equal(renderMarkdown("---"), "<hr>");
});

test("escapeHtml escapes the five special characters", () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
});

test("nested lists follow the indentation and keep the numbering", () => {
  const source = "1. one\n   more\n   - sub a\n   - sub b\n2. two\n3. three";
  assert.equal(
    renderMarkdown(source),
    "<ol><li>one more<ul><li>sub a</li><li>sub b</li></ul></li><li>two</li><li>three</li></ol>",
  );
  assert.equal(renderMarkdown("3. c\n4. d"), '<ol start="3"><li>c</li><li>d</li></ol>');
  assert.equal(renderMarkdown("- a\n\n  still a\n- b"), "<ul><li>a still a</li><li>b</li></ul>");
  assert.equal(renderMarkdown("- a\n\nafter"), "<ul><li>a</li></ul>\n<p>after</p>");
});

test("escaped pipes stay in their table cell; backslash escapes are literal", () => {
  const html = renderMarkdown("| move | meaning |\n|---|---|\n| `a\\|b` | x \\| y |");
  assert.match(html, /<td><code>a\|b<\/code><\/td><td>x \| y<\/td>/);
  assert.equal(renderInline("\\*not emphasis\\*"), "*not emphasis*");
  assert.equal(renderInline("a \\<b\\> c\\d"), "a &lt;b&gt; c\\d");
});
