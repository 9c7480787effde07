/** Issue 33: filled in by the billing work (decision 044). */
export {};
