// The part of autocannon's API the bench uses (autocannon ships no types; see autocannon.d.ts).
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (
    request: AutocannonRequest,
    context: Record<string, unknown>,
  ) => AutocannonRequest;
}
export interface AutocannonOptions {
  url: string;
  connections?: number;
  duration?: number;
  amount?: number;
  pipelining?: number;
  timeout?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}
export interface Percentiles {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
export interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: Percentiles & { total: number; sent: number };
  latency: Percentiles;
  statusCodeStats?: Record<string, { count: number }>;
}
