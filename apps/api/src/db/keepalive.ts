/** Idle time after which TCP keepalive probes a long-lived connection that nothing crosses. */
export const KEEPALIVE_IDLE_MS = 10_000;
