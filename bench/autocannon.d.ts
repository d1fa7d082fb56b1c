/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface RequestData {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string | Buffer;
  }
  interface Request extends Partial<RequestData> {
    setupRequest?: (request: RequestData, context: object) => RequestData;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
