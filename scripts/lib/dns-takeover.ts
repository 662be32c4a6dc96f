/**
 * Before `wrangler deploy` attaches a brand hostname as a Custom Domain, the DNS records that
 * already exist for it. Wrangler, run without a terminal (as `npm run deploy` runs it), answers
 * its own "override the existing DNS records?" prompt with yes, so a first deploy would silently
 * replace a live site's records. This lists them through the Cloudflare API (GET
 * /zones?name=<zone>, GET /zones/{zone_id}/dns_records?name.exact=<host>, the name filter of the
 * current reference) and the deploy refuses while
 * any exist, unless the operator names each such hostname in `--take-over-dns=host1,host2`.
 * A hostname already attached to this very Worker (GET /accounts/{account_id}/workers/domains)
 * is its own and passes. The API base is CLOUDFLARE_API_BASE_URL when set (as wrangler reads
 * it), so a stand-in can serve the check.
 */
export interface DnsRecord {
  type: string;
  name: string;
  content: string;
}

export interface HostDns {
  host: string;
  zone: string | null;
  records: DnsRecord[];
  /** Already a Custom Domain of this Worker: its records are the Worker's own. */
  ours: boolean;
}

export interface DnsApi {
  base: string;
  token: string;
  accountId?: string;
}

interface Envelope<T> {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
}

/** The hostnames `wrangler deploy` attaches as Custom Domains: routes with `custom_domain = true`. */
export function customDomainHosts(routes: unknown[] | undefined): string[] {
  return (routes ?? [])
    .filter(
      (r): r is { pattern: string; custom_domain: true } =>
        typeof r === 'object' && r !== null && (r as { custom_domain?: unknown }).custom_domain === true,
    )
    .map((r) => r.pattern);
}

/** `--take-over-dns=a,b` or `--take-over-dns a,b`: the hostnames whose records the operator lets the deploy replace. */
export function takeOverFlag(args: string[]): string[] {
  const at = args.findIndex((a) => a === '--take-over-dns' || a.startsWith('--take-over-dns='));
  if (at < 0) return [];
  const arg = args[at] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[at + 1] ?? '');
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

async function get<T>(api: DnsApi, path: string): Promise<T> {
  const response = await fetch(`${api.base.replace(/\/+$/, '')}${path}`, {
    headers: { authorization: `Bearer ${api.token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !body?.success)
    throw new Error(
      `GET ${path}: HTTP ${response.status}${body?.errors?.length ? ` ${body.errors.map((e) => e.message).join('; ')}` : ''}`,
    );
  return body.result;
}

/** The zone holding `host`: the host itself, then each parent name, as the account has it. */
async function zoneOf(api: DnsApi, host: string): Promise<{ id: string; name: string } | null> {
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const name = labels.slice(i).join('.');
    const query = new URLSearchParams({ name });
    if (api.accountId) query.set('account.id', api.accountId);
    const zones = await get<{ id: string; name: string }[]>(api, `/zones?${query.toString()}`);
    const zone = zones.find((z) => z.name === name);
    if (zone) return zone;
  }
  return null;
}

export async function hostDns(api: DnsApi, host: string, workerName: string): Promise<HostDns> {
  if (api.accountId) {
    const domains = await get<{ hostname: string; service: string }[]>(
      api,
      `/accounts/${encodeURIComponent(api.accountId)}/workers/domains?${new URLSearchParams({ hostname: host }).toString()}`,
    );
    if (domains.some((d) => d.hostname === host && d.service === workerName))
      return { host, zone: null, records: [], ours: true };
  }
  const zone = await zoneOf(api, host);
  if (!zone) return { host, zone: null, records: [], ours: false };
  const records = await get<DnsRecord[]>(
    api,
    `/zones/${encodeURIComponent(zone.id)}/dns_records?${new URLSearchParams({ 'name.exact': host, per_page: '100' }).toString()}`,
  );
  return {
    host,
    zone: zone.name,
    records: records.map(({ type, name, content }) => ({ type, name, content })),
    ours: false,
  };
}

/** What refuses the deploy: hosts with records the operator did not name, and hosts with no zone on the account. */
export function takeOverProblems(hosts: HostDns[], allowed: string[]): string[] {
  const problems: string[] = [];
  for (const h of hosts) {
    if (h.ours) continue;
    if (!h.zone) problems.push(`${h.host}: no zone on this account holds it (add the domain to Cloudflare first)`);
    else if (h.records.length > 0 && !allowed.includes(h.host))
      problems.push(
        `${h.host}: ${h.records.length} DNS record(s) would be replaced: ${h.records.map((r) => `${r.type} ${r.content}`).join(', ')}`,
      );
  }
  return problems;
}
