import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { certifiedLead, log, type Inclusion } from './support';

/**
 * The certificate's readable page says where it stands in the public log as its JSON does
 * (src/ui/consent/certificate-log.tsx): "pending inclusion" while no signed tree head covers it
 * (the append runs after the answer; a head is signed by the log's alarm), then the proof.
 */
function logSection(html: string): { state: string | null; text: string } {
  const section = /<section id="cert-log" data-state="([a-z]+)"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return {
    state: section?.[1] ?? null,
    text: (section?.[2] ?? '')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  };
}

describe('the certificate page and the public log', { timeout: 60_000 }, () => {
  it('before a head covers it, the JSON and the page both say pending inclusion; after the alarm, both say included and the page shows the proof', async () => {
    const { v, id } = await certifiedLead();

    // Read before the log's alarm: no head covers the new leaf yet, whether or not the poke appended it.
    const json = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
    expect((await json.json<{ log: { status: string } }>()).log.status).toBe('pending');
    const before = await v.fetch(`/certificates/${id}`, { headers: { accept: 'text/html' } });
    expect(before.status).toBe(200);
    const pending = logSection(await before.text());
    expect(pending.state).toBe('pending');
    expect(pending.text).toMatch(
      /Pending inclusion: (queued for the public log|appended to the public log as leaf \d+), not yet covered by a signed tree head/,
    );
    expect(pending.text).not.toMatch(/Included/);
    expect((await v.get(`/certificates/${id}/inclusion`)).status).toBe(202);

    // The alarm appends what is queued and signs a head: now included, and the page shows the same proof as the route.
    await runDurableObjectAlarm(log());
    const inclusion = await (await v.get(`/certificates/${id}/inclusion`)).json<Inclusion>();
    expect(inclusion.status).toBe('included');
    const after = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
    expect((await after.json<{ log: { status: string } }>()).log.status).toBe('included');
    const html = await (await v.fetch(`/certificates/${id}`, { headers: { accept: 'text/html' } })).text();
    const included = logSection(html);
    expect(included.state).toBe('included');
    expect(included.text).toContain(
      `Included in the public log: leaf ${inclusion.leaf_index} of a tree of ${inclusion.tree_size} leaves`,
    );
    expect(included.text).not.toMatch(/Pending/);
    expect(included.text).toContain(inclusion.leaf_hash);
    for (const hash of inclusion.audit_path) expect(included.text).toContain(hash);
    expect(included.text).toContain(inclusion.sth);
  });
});
