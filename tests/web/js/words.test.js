// French elision in the interface's messages, and option values by their labels.
import assert from "node:assert/strict";
import test from "node:test";

import { makeTranslator } from "../../../src/tablier/web/js/i18n.js";

test("de and que are elided before a name that starts with a vowel", () => {
  const t = makeTranslator({ choice: "Les options de {name} :", row: "Rangée de {name}", only: "plus que {n}" });
  assert.equal(t("choice", { name: "Ordinateur (moyen)" }), "Les options d'Ordinateur (moyen) :");
  assert.equal(t("row", { name: "Éloïse" }), "Rangée d'Éloïse");
  assert.equal(t("row", { name: "Bob" }), "Rangée de Bob");
  assert.equal(t("only", { n: "Anne" }), "plus qu'Anne");
});

test("a word merely ending in de is left alone", () => {
  const t = makeTranslator({ x: "monde {name}", y: "code {name}" });
  assert.equal(t("x", { name: "Anne" }), "monde Anne");
  assert.equal(t("y", { name: "Olga" }), "code Olga");
});

test("option values are shown by their labels, a selection part by part", async () => {
  const { valueLabel } = await import("../../../src/tablier/web/js/options.js");
  const exhaustion = { value_labels: { lines4: { fr: "Lignes de quatre", en: "Lines of four" } } };
  assert.equal(valueLabel(exhaustion, "lines4", "fr"), "Lignes de quatre");
  assert.equal(valueLabel(exhaustion, "lines4", "en"), "Lines of four");
  assert.equal(valueLabel(exhaustion, "other", "fr"), "other");
  const clock = { nullable: true, value_labels: { none: { fr: "Sans chrono", en: "No clock" } } };
  assert.equal(valueLabel(clock, null, "fr"), "Sans chrono");
  const faces = { parts: ["magic", "clues"], value_labels: { magic: { fr: "✦ Jeton magique" }, clues: { fr: "③ Trois indices" } } };
  assert.equal(valueLabel(faces, "magic,clues", "fr"), "✦ Jeton magique, ③ Trois indices");
});
