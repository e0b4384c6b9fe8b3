import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { chooseLang, lookup, makeTranslator, pick } from "../../../src/tablier/web/js/i18n.js";

const WEB = new URL("../../../src/tablier/web/", import.meta.url).pathname;
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const BOARD_TEXTS = join(WEB, "i18n", "boards");
const boardFiles = (lang) => readdirSync(BOARD_TEXTS).filter((f) => f.endsWith(`.${lang}.json`));
// what the client's translator holds once every board is loaded: the interface's
// messages and each board's own file
const load = (lang) =>
  Object.assign(readJson(join(WEB, "i18n", `${lang}.json`)), ...boardFiles(lang).map((f) => readJson(join(BOARD_TEXTS, f))));

test("lookup follows dotted keys and fills parameters", () => {
  const messages = { a: { b: "Hello {name}, {name}!" } };
  assert.equal(lookup(messages, "a.b", { name: "Anne" }), "Hello Anne, Anne!");
  assert.equal(lookup(messages, "a.c"), undefined);
  assert.equal(lookup(messages, "a.b.c"), undefined);
  assert.equal(lookup(messages, "a.b"), "Hello {name}, {name}!");
});

test("plural forms are chosen by n", () => {
  const messages = { pieces: { one: "{n} pièce", other: "{n} pièces" } };
  assert.equal(lookup(messages, "pieces", { n: 1 }), "1 pièce");
  assert.equal(lookup(messages, "pieces", { n: 0 }), "0 pièces");
  assert.equal(lookup(messages, "pieces", { n: 7 }), "7 pièces");
});

test("a translator falls back to the other language, then to the key", () => {
  const t = makeTranslator({ x: "en x" }, { x: "fr x", y: "fr y" });
  assert.equal(t("x"), "en x");
  assert.equal(t("y"), "fr y");
  assert.equal(t("z.w"), "z.w");
  assert.equal(t.has("y"), true);
  assert.equal(t.has("z"), false);
});

test("French is the default language; a remembered choice wins", () => {
  assert.equal(chooseLang(null), "fr");
  assert.equal(chooseLang("de"), "fr");
  assert.equal(chooseLang("en"), "en");
});

test("pick chooses the language of a server text", () => {
  assert.equal(pick({ fr: "bonjour", en: "hello" }, "en"), "hello");
  assert.equal(pick({ fr: "bonjour" }, "en"), "bonjour");
  assert.equal(pick("plain", "en"), "plain");
  assert.equal(pick(null, "en"), "");
});

function keysOf(node, prefix = "") {
  const out = [];
  for (const [k, v] of Object.entries(node)) {
    if (v && typeof v === "object" && !("one" in v)) out.push(...keysOf(v, `${prefix}${k}.`));
    else out.push(`${prefix}${k}`);
  }
  return out.sort();
}

test("each board's message file holds only its game's key, in both languages", () => {
  const ids = boardFiles("fr").map((f) => f.slice(0, -".fr.json".length));
  assert.ok(ids.length >= 2);
  assert.deepEqual(boardFiles("en").map((f) => f.slice(0, -".en.json".length)).sort(), [...ids].sort());
  for (const id of ids) {
    const fr = readJson(join(BOARD_TEXTS, `${id}.fr.json`));
    assert.deepEqual(Object.keys(fr), [id]);
    assert.deepEqual(keysOf(readJson(join(BOARD_TEXTS, `${id}.en.json`))), keysOf(fr));
    // a board file never shadows the interface's own messages
    assert.equal(id in readJson(join(WEB, "i18n", "fr.json")), false);
  }
});

test("French and English message files hold the same keys", () => {
  assert.deepEqual(keysOf(load("en")), keysOf(load("fr")));
});

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

test("every literal message key used by the client exists in the French file", () => {
  const fr = load("fr");
  const missing = [];
  for (const file of sources(join(WEB, "js"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\bt\("([a-z_]+(?:\.[a-z_0-9]+)+)"/g)) {
      if (lookup(fr, m[1], { n: 2 }) === undefined) missing.push(`${file}: ${m[1]}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("no French or English sentence is written in the client code", () => {
  // interface text lives in the message files: look for sentence-shaped string literals
  const offenders = [];
  for (const file of sources(join(WEB, "js"))) {
    const text = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
    for (const m of text.matchAll(/["'`]([A-ZÀ-Ý][a-zà-ÿ']+(?: [a-zà-ÿ']+){2,}[^"'`\n]*)["'`]/g)) {
      offenders.push(`${file}: ${m[1]}`);
    }
  }
  assert.deepEqual(offenders, []);
});
