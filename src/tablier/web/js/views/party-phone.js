// A phone at a party night (`/?room=…&party=CODE`): the play page as a controller. Only
// the decision of the moment and the player's own holdings show (the styles of
// host.css hide the move list, the notation field and the resign button); leaving is in
// a menu; the player's cheat sheet, if asked for, reaches the board.

import { h, linkStyles } from "../dom.js";
import { lobbyApi, partyKeys } from "./party-look.js";

linkStyles(new URL("../../host.css", import.meta.url));

export function controller(main, ctx, code, room, board) {
  document.body.classList.add("party-phone");
  main.classList.add("party-phone-main");
  const mine = partyKeys.guest(ctx.store, code);
  const leave = async () => {
    if (!confirm(ctx.t("party.leave_confirm"))) return;
    if (mine) await lobbyApi.leave(code, mine.guest, mine.token).catch(() => null);
    partyKeys.setGuest(ctx.store, code, null);
    ctx.store.forgetRoom(room);
    ctx.navigate("/", { replace: true });
  };
  const menu = h(
    "details",
    { class: "party-menu party-phone-menu" },
    h("summary", { "aria-label": ctx.t("party.menu") }, "☰ ", ctx.t("party.menu")),
    h("button", { type: "button", class: "btn btn-danger", "data-action": "leave", onclick: leave }, ctx.t("party.leave")),
  );
  main.prepend(menu);
  if (mine) {
    lobbyApi
      .me(code, mine.token)
      .then((me) => {
        if (me.me?.cheat_sheet) {
          board.cheatSheet = me.me.cheat_sheet;
          if (board.view) board.render(board.view);
        }
      })
      .catch(() => {});
  }
  return () => {
    document.body.classList.remove("party-phone");
    menu.remove();
  };
}
