/**
 * One page against its floor, for the short single-page measurements (`npm run profile`,
 * `npm run cpu`): the page is captured from a first Miniflare, then served by a second one
 * beside the constant Worker replaying its bytes, with pools of returning visitors (nothing
 * stored, and stored answers), each request taking the next visitor of its pool.
 */
import { startHarness, type Harness, type StartOptions } from './harness';
import { capturePages, type BenchPage } from './page-rendering';
import { returningVisitors, rotating } from './visitors';

export async function startPageWithFloor(page: BenchPage, options: Omit<StartOptions, 'constantPages'> = {}) {
  // As deployed unless told otherwise: the floor replays the page production would serve.
  const deployed = options.deployed ?? true;
  const capture = await startHarness({ deployed });
  const captured = (await capturePages(capture.port, [page]))[0];
  await capture.close();
  if (!captured) throw new Error(`${page.brand} ${page.path} was not captured`);
  const h: Harness = await startHarness({ ...options, deployed, constantPages: [captured] });
  try {
    return {
      h,
      returning: rotating(await returningVisitors(h.port, page.brand, 24, {})),
      withAnswers: rotating(await returningVisitors(h.port, page.brand, 24, { withAnswers: true })),
    };
  } catch (error) {
    await h.close();
    throw error;
  }
}
