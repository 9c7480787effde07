import { deviceOwner, keepWorkingSet, keptQueryHashes, rentalsReadAt } from './device-db';
import { type SyncAnswer, type SyncRequest, type SyncStore, syncDevice } from './device-sync';

/**
 * The device copy's worker: fetches the working set the page planned and writes it
 * to IndexedDB off the page's thread, then answers once (the page ends it).
 */
const store: SyncStore = {
  owner: deviceOwner,
  keptHashes: keptQueryHashes,
  rentalsAsOf: rentalsReadAt,
  write: keepWorkingSet,
};

/** The worker's global scope, as much of it as is used (the web's types are the page's, DOM). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SyncRequest>) => void) | null;
  postMessage(answer: SyncAnswer): void;
};

scope.onmessage = (event: MessageEvent<SyncRequest>) => {
  void syncDevice(event.data, store, (input, init) => fetch(input, init))
    .catch((error: unknown): SyncAnswer => ({ ok: false, reason: String(error) }))
    .then((answer) => scope.postMessage(answer));
};
