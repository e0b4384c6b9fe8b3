// The join page of a party (`/?join-code` or `/?join-code=CODE`, where `/j/CODE`
// leads): a phone gives the room code and a name, takes the next free seat and becomes
// that seat's controller on the play page. No account: the seat's token stays in the
// browser, so a phone that slept comes back to its seat.

import { clear, h } from "../dom.js";
import { party } from "./host.js";

export async function mount(main, ctx, params) {
  main.classList.add("join-main");
  const given = (params.get("join-code") ?? "").toUpperCase();
  const box = h("section", { class: "join-box panel" });
  main.append(box);
  let known = null; // the room the typed code names

  async function lookUp(code) {
    try {
      known = await party.code(code);
    } catch {
      known = null;
    }
    return known;
  }

  if (given) {
    const found = await lookUp(given);
    // this phone already holds a seat there (it slept, or the page was reloaded): go back
    if (found && ctx.store.tokens(found.room).length) {
      ctx.navigate(`/?room=${encodeURIComponent(found.room)}`, { replace: true });
      return {};
    }
  }

  function draw() {
    const { t } = ctx;
    const code = h("input", { name: "code", id: "join-code", class: "join-code-input", value: given, maxlength: 8, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", required: true, inputmode: "text" });
    const name = h("input", { name: "name", id: "join-name", value: ctx.store.name() ?? "", maxlength: 40, autocomplete: "nickname", required: true });
    const error = h("p", { class: "form-error", role: "alert" });
    const facts = h("p", { class: "help join-facts" }, known ? t("join.room_facts", { game: ctx.describe(known.game)?.name ?? known.game, n: known.free_seats.length }) : "");
    const form = h(
      "form",
      {
        class: "join-form",
        onsubmit: async (e) => {
          e.preventDefault();
          error.textContent = "";
          const wanted = code.value.replace(/[\s-]+/g, "").toUpperCase();
          const who = name.value.trim();
          if (!wanted || !who) return;
          try {
            const joined = await party.join(wanted, { name: who, player_id: ctx.store.playerId() });
            ctx.store.setName(who);
            ctx.store.saveSeats(joined.room, joined.game, [{ seat: joined.seat, token: joined.token }]);
            ctx.navigate(`/?room=${encodeURIComponent(joined.room)}`, { replace: true });
          } catch (err) {
            const why = err.body?.code;
            error.textContent = why === "unknown_code" ? t("join.unknown_code") : why === "room_full" ? t("join.room_full") : err.message;
          }
        },
      },
      h("h1", {}, t("join.title")),
      h("label", { for: "join-code" }, t("join.code")),
      code,
      facts,
      h("label", { for: "join-name" }, t("join.name")),
      name,
      error,
      h("button", { type: "submit", class: "btn btn-primary join-go", "data-action": "join-code" }, t("join.go")),
    );
    clear(box).append(form);
    (given ? name : code).focus();
  }
  await ctx.gameList();
  draw();
  return { relabel: draw };
}
