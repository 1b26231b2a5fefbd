// The change last offered for undo (issue #27, decision 049): its toast's Undo button, and z or Ctrl/Cmd+Z while the
// toast shows (8 seconds). One at a time: a newer change's toast replaces the offer. The undo goes through the
// server (POST /api/blockers/:id/undo), which refuses it once something else happened to the blocker.
import type { UndoableChange } from "@/common/blocker-values";
import { api, unwrap } from "@/web/lib/api-client";
import { toast } from "@/web/lib/toast";

/** How long the toast, and with it the offer, lasts. */
export const UNDO_TOAST_MS = 8_000;

type Offer = { run: () => void; until: number };
let offered: Offer | undefined;
let count = 0;

export const undoChange = ({ id, change }: { id: string; change: UndoableChange }) => unwrap(api.blockers[":id"].undo.$post({ param: { id }, json: { change } }));

/** Shows `message` with an Undo action; `undo` runs at most once, from the toast or the keyboard. */
export function offerUndo(message: string, undoLabel: string, undo: () => void) {
  const id = `undo-${++count}`;
  const offer: Offer = {
    run: () => {
      if (offered === offer) offered = undefined;
      toast.dismiss(id);
      undo();
    },
    until: Date.now() + UNDO_TOAST_MS,
  };
  offered = offer;
  const forget = () => {
    if (offered === offer) offered = undefined;
  };
  toast.success(message, { id, duration: UNDO_TOAST_MS, action: { label: undoLabel, onClick: offer.run }, onDismiss: forget, onAutoClose: forget });
}

/** Takes the offered change back if its toast still shows (z, Ctrl/Cmd+Z); false when there is nothing to undo. */
export function undoLatest(): boolean {
  const offer = offered;
  if (!offer || Date.now() > offer.until) return false;
  offer.run();
  return true;
}
