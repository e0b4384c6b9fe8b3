// A small, safe Markdown renderer for the rules pages.
// Everything from the source is HTML-escaped first; only the tags produced here
// reach the page, so a rules page can never inject markup or scripts.

export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function safeHref(url) {
  const trimmed = url.trim();
  // only relative links, anchors and web/mail links: no javascript: or data: URLs
  if (/^(https?:|mailto:|#|\/|\.\.?\/)/i.test(trimmed) || !/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    return trimmed;
  }
  return "#";
}

/** Inline markup: code spans, links, strong, emphasis (input is raw text). */
export function renderInline(text) {
  const codes = [];
  // code spans are cut out first so that their content is never interpreted
  let src = String(text).replace(/`([^`]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  // backslash escapes: the character is shown as itself, never read as markup
  const escaped = [];
  src = src.replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, (_, ch) => {
    escaped.push(ch);
    return `\u0001${escaped.length - 1}\u0001`;
  });
  src = escapeHtml(src);
  src = src.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => {
    return `<a href="${safeHref(href)}">${label}</a>`;
  });
  src = src.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  src = src.replace(/__([^_]+)__/g, "<strong>$1</strong>");
  src = src.replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, "$1<em>$2</em>");
  src = src.replace(/(^|[\s(])_([^_\s][^_]*?)_(?=$|[\s).,;:!?])/g, "$1<em>$2</em>");
  return src
    .replace(/\u0001(\d+)\u0001/g, (_, i) => escapeHtml(escaped[Number(i)]))
    .replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${escapeHtml(codes[Number(i)])}</code>`);
}

function slug(text) {
  return String(text)
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function splitRow(line) {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|")) row = row.slice(0, -1);
  // a pipe written \| belongs to the cell (GitHub's table syntax)
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

const ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

const indentOf = (line) => line.match(/^\s*/)[0].length;

/**
 * A list starting at line `i`, with the lists nested in it by indentation; returns the
 * HTML and the index of the first line after the list.
 */
function renderList(lines, i) {
  const first = lines[i].match(ITEM);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items = [];
  while (i < lines.length) {
    const line = lines[i];
    const m = line.match(ITEM);
    if (m && m[1].length === indent && /\d/.test(m[2]) === ordered) {
      items.push({ text: m[3], nested: [] });
      i += 1;
    } else if (items.length && m && m[1].length > indent) {
      const [html, next] = renderList(lines, i);
      items[items.length - 1].nested.push(html);
      i = next;
    } else if (items.length && line.trim() && !m && indentOf(line) > indent) {
      // a continuation line of the current item
      items[items.length - 1].text += ` ${line.trim()}`;
      i += 1;
    } else if (items.length && !line.trim() && i + 1 < lines.length && indentOf(lines[i + 1]) > indent && lines[i + 1].trim()) {
      i += 1; // a blank line inside an item
    } else {
      break;
    }
  }
  const tag = ordered ? "ol" : "ul";
  const start = ordered ? Number.parseInt(first[2], 10) : 1;
  const attrs = ordered && start !== 1 ? ` start="${start}"` : "";
  const body = items.map((it) => `<li>${renderInline(it.text)}${it.nested.join("")}</li>`).join("");
  return [`<${tag}${attrs}>${body}</${tag}>`, i];
}

const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Render Markdown text to an HTML string (headings, paragraphs, lists, tables, code). */
export function renderMarkdown(source) {
  const lines = String(source).replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let i = 0;
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) {
      out.push(`<p>${renderInline(paragraph.join(" "))}</p>`);
      paragraph = [];
    }
  };
  while (i < lines.length) {
    const line = lines[i];
    // the info string is a language, or "diagram <game>" for a rules page's example
    const fence = line.match(/^\s*(```|~~~)\s*([\w-]*)(?:[ \t]+([\w-]+))?\s*$/);
    if (fence) {
      flush();
      const body = [];
      i += 1;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) {
        body.push(lines[i]);
        i += 1;
      }
      i += 1;
      const cls = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : "";
      const info = fence[3] ? ` data-info="${escapeHtml(fence[3])}"` : "";
      out.push(`<pre><code${cls}${info}>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (heading) {
      flush();
      const level = heading[1].length;
      out.push(`<h${level} id="${slug(heading[2])}">${renderInline(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push("<hr>");
      i += 1;
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      flush();
      const head = splitRow(line);
      const aligns = splitRow(lines[i + 1]).map((c) =>
        c.startsWith(":") && c.endsWith(":") ? "center" : c.endsWith(":") ? "right" : "",
      );
      const cell = (tag, text, k) =>
        `<${tag}${aligns[k] ? ` style="text-align:${aligns[k]}"` : ""}>${renderInline(text)}</${tag}>`;
      const rows = [];
      i += 2;
      while (i < lines.length && lines[i].includes("|") && lines[i].trim()) {
        rows.push(`<tr>${splitRow(lines[i]).map((c, k) => cell("td", c, k)).join("")}</tr>`);
        i += 1;
      }
      out.push(
        `<div class="table-wrap"><table><thead><tr>${head.map((c, k) => cell("th", c, k)).join("")}</tr></thead>` +
          `<tbody>${rows.join("")}</tbody></table></div>`,
      );
      continue;
    }
    if (ITEM.test(line)) {
      flush();
      const [html, next] = renderList(lines, i);
      out.push(html);
      i = next;
      continue;
    }
    const quote = line.match(/^>\s?(.*)$/);
    if (quote) {
      flush();
      const body = [];
      while (i < lines.length && /^>/.test(lines[i])) {
        body.push(lines[i].replace(/^>\s?/, ""));
        i += 1;
      }
      out.push(`<blockquote>${renderMarkdown(body.join("\n"))}</blockquote>`);
      continue;
    }
    if (!line.trim()) {
      flush();
    } else if (/^ {4}/.test(line) && !paragraph.length) {
      const body = [];
      while (i < lines.length && (/^ {4}/.test(lines[i]) || !lines[i].trim())) {
        body.push(lines[i].slice(4));
        i += 1;
      }
      while (body.length && !body[body.length - 1].trim()) body.pop();
      out.push(`<pre><code>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    } else {
      paragraph.push(line.trim());
    }
    i += 1;
  }
  flush();
  return out.join("\n");
}
