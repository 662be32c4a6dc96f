/**
 * Server rendering against a constant: each representative page is captured once, then a
 * tiny second Worker in the same Miniflare (same workerd, same run) replays its exact bytes
 * and headers. Both are loaded at the same concurrency; the ratio page/constant is what the
 * rendering costs on top of the runtime and the network stack.
 */
import { CONSTANT_HOST, send, type ConstantPage } from './harness';
import { runLoad, type LoadResult } from './load';
import { BENCH_USER_AGENT, mintVisitor } from './visitors';

export interface BenchPage {
  brand: string;
  path: string;
  label: string;
}

/** A landing page with the form, a clicks listing and a legal page, for two brands. */
export const BENCH_PAGES: BenchPage[] = ['bh', 'm10'].flatMap((brand) => [
  { brand, path: '/get-yours-otc', label: 'landing with form' },
  { brand, path: '/clicks', label: 'clicks listing' },
  { brand, path: '/privacy', label: 'legal' },
]);

export const constantPath = (page: BenchPage) => `/${page.brand}${page.path}`;

/** Fetches each page once and keeps what the constant Worker must replay (minus hop headers). */
export async function capturePages(port: number): Promise<ConstantPage[]> {
  const captured: ConstantPage[] = [];
  for (const page of BENCH_PAGES) {
    const res = await send(port, 'GET', `${page.brand}.localhost`, page.path, await mintVisitor(port, page.brand));
    if (res.status !== 200) throw new Error(`GET ${page.brand}${page.path}: ${res.status}`);
    const headers = res.headers.filter(([name]) => !/^(date|content-length|transfer-encoding|connection|keep-alive)$/i.test(name));
    captured.push({ path: constantPath(page), status: res.status, headers, body: res.body });
  }
  return captured;
}

export interface PageComparison {
  page: BenchPage;
  htmlBytes: number;
  /** A returning visitor (the Worker's own cookies, no answers yet): the page reads the visitor's Durable Object. */
  rendered: LoadResult;
  /** A returning visitor with stored answers: the page renders fresh, with the answers in it. */
  withAnswers: LoadResult;
  /** A first visit (no cookie), as an ad click lands: the id is minted, nothing to read. */
  firstVisit: LoadResult;
  constant: LoadResult;
  ratio: number;
  withAnswersRatio: number;
  firstVisitRatio: number;
}

/** Answers other than 200 in a run (statuses of every request, errors and timeouts apart). */
export function non200(r: LoadResult): number {
  return r.total - (r.statuses['200'] ?? 0);
}

export async function comparePages(port: number, captured: ConstantPage[], seconds: number): Promise<PageComparison[]> {
  const rows: PageComparison[] = [];
  for (const page of BENCH_PAGES) {
    const bytes = captured.find((c) => c.path === constantPath(page));
    if (!bytes) throw new Error(`not captured: ${constantPath(page)}`);
    const check = await send(port, 'GET', CONSTANT_HOST, constantPath(page));
    if (check.body !== bytes.body) throw new Error(`constant Worker does not replay ${constantPath(page)} byte for byte`);
    // Alternate, constant first, so neither side always runs on a warmer machine.
    const constant = await runLoad({ port, host: CONSTANT_HOST, path: constantPath(page), seconds });
    const rendered = await runLoad({ port, host: `${page.brand}.localhost`, path: page.path, headers: await mintVisitor(port, page.brand), seconds });
    const withAnswers = await runLoad({ port, host: `${page.brand}.localhost`, path: page.path, headers: await mintVisitor(port, page.brand, { withAnswers: true }), seconds });
    const firstVisit = await runLoad({ port, host: `${page.brand}.localhost`, path: page.path, headers: { 'user-agent': BENCH_USER_AGENT }, seconds });
    rows.push({
      page,
      htmlBytes: Buffer.byteLength(bytes.body),
      rendered,
      withAnswers,
      firstVisit,
      constant,
      ratio: rendered.rps / constant.rps,
      withAnswersRatio: withAnswers.rps / constant.rps,
      firstVisitRatio: firstVisit.rps / constant.rps,
    });
  }
  return rows;
}
