/**
 * A duration for people, from seconds (the unit of the server's timers and of uptime): µs and ms
 * below a second, then s, min, h and d, with the unit always written (a mean of
 * 0.0253 s is "25.3 ms", not "0.0 ms").
 */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const abs = Math.abs(seconds);
  const sign = seconds < 0 ? '-' : '';
  const digits = (value: number) => (value >= 100 ? 0 : value >= 10 ? 1 : 2);
  if (abs === 0) return '0 s';
  if (abs < 0.001) return `${sign}${(abs * 1e6).toFixed(digits(abs * 1e6))} µs`;
  if (abs < 1) return `${sign}${(abs * 1000).toFixed(digits(abs * 1000))} ms`;
  if (abs < 60) return `${sign}${abs.toFixed(digits(abs))} s`;
  const whole = Math.round(abs);
  const [d, h, m, s] = [
    Math.floor(whole / 86_400),
    Math.floor((whole % 86_400) / 3600),
    Math.floor((whole % 3600) / 60),
    whole % 60,
  ];
  if (d > 0) return `${sign}${d} d ${h} h`;
  if (h > 0) return `${sign}${h} h ${m} min`;
  return `${sign}${m} min ${s} s`;
};

/** Milliseconds, as timeouts and HTTP timings are measured. */
export const formatMs = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : formatDuration(ms / 1000);
