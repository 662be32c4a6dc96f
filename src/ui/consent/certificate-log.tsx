/**
 * Where a certificate stands in the public log (src/worker/lead-log/), on its readable page as in
 * its JSON (`log.status`): pending inclusion until a signed tree head covers it (the append runs
 * after the answer, and the log's alarm retries a failed one), then the proof itself, which a
 * buyer checks offline (docs/buyers/verify-a-lead.md). The page never says included before it is.
 */
import type { LogStatus } from '../../shared/consent/log-status';

export function CertificateLog({ id, log }: { id: string; log: LogStatus }) {
  const proof = `/certificates/${id}/inclusion`;
  return (
    <section id="cert-log" data-state={log.status} aria-labelledby="cert-log-title">
      <h2 id="cert-log-title">Public log</h2>
      {log.status === 'pending' ? (
        <p>
          Pending inclusion:{' '}
          {log.leaf_index === undefined
            ? 'queued for the public log'
            : `appended to the public log as leaf ${log.leaf_index}`}
          , not yet covered by a signed tree head. The inclusion proof is published at <a href={proof}>{proof}</a> once
          the next head is signed (within minutes); until then that address answers 202.
        </p>
      ) : log.status === 'included' ? (
        <>
          <p>
            Included in the public log: leaf {log.leaf_index} of a tree of {log.tree_size} leaves, under the signed tree
            head below (<a href={proof}>the proof as JSON</a>, <a href="/.well-known/lead-log/sth">the latest head</a>).
          </p>
          <dl>
            <dt>Leaf hash (RFC 6962, SHA-256 of 0x00 and this certificate&apos;s JWS)</dt>
            <dd>
              <code>{log.leaf_hash}</code>
            </dd>
            <dt>Audit path</dt>
            <dd>
              {log.audit_path.length === 0 ? (
                'none (the only leaf)'
              ) : (
                <ol className="cert-log__path">
                  {log.audit_path.map((hash, i) => (
                    <li key={i}>
                      <code>{hash}</code>
                    </li>
                  ))}
                </ol>
              )}
            </dd>
            <dt>Signed tree head (JWS)</dt>
            <dd>
              <pre className="card">{log.sth}</pre>
            </dd>
          </dl>
        </>
      ) : (
        <p>Not found in the public log: this certificate was never queued for it.</p>
      )}
    </section>
  );
}
