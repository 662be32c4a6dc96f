/**
 * The evidence section's arithmetic (bench/evidence-section.ts): bytes a lead scaled to a daily
 * volume, held for the certificate window, the log over a year, and when a CPU difference is
 * written as measured rather than noise.
 */
import { describe, expect, it } from 'vitest';
import {
  cpuSpread,
  projectEvidence,
  renderEvidenceSection,
  spliceEvidenceSection,
  type EvidenceMeasure,
} from '../../bench/evidence-section';

const measure = (cpu: Partial<EvidenceMeasure['cpu']> = {}): EvidenceMeasure => ({
  leads: 200,
  withEvidence: 100,
  without: 100,
  pageStatus: { served: 100, not_reported: 100 },
  visibilityStatus: { measured: 100, not_measured: 100 },
  jwsWith: 3_100,
  jwsWithout: 2_600,
  d1: [
    { table: 'lead_certificates', rows: 200, bytes: 600_000 },
    { table: 'page_snapshots', rows: 2, bytes: 400 },
    { table: 'lead_log_pending', rows: 0, bytes: 16 },
  ],
  pendingLeft: 0,
  r2: [
    { prefix: 'events', objects: 60, bytes: 90_000, evidence: false },
    { prefix: 'page-snapshots', objects: 2, bytes: 40_000, evidence: true },
  ],
  log: {
    leaves: 200,
    tables: [
      { table: 'nodes', rows: 399, bytes: 16_000 },
      { table: 'entries', rows: 200, bytes: 12_000 },
      { table: 'heads', rows: 0, bytes: 8 },
    ],
    fileBytes: 3_000_000,
  },
  cpu: {
    finalWith: 10,
    finalWithout: 9,
    consentGet: 5,
    blocks: [
      { kind: 'with', msPerLead: 9.5 },
      { kind: 'without', msPerLead: 9 },
      { kind: 'with', msPerLead: 10.5 },
      { kind: 'without', msPerLead: 9 },
    ],
    ...cpu,
  },
  archivedCertificateBytes: 3_200,
  hotDays: 2,
  retentionDays: 90,
  loadAverage: [1, 1, 1],
});

describe('what consent evidence costs, projected', () => {
  it('scales bytes a lead to a day, to D1’s hot days, to R2’s certificate window and to a year of the log', () => {
    const p = projectEvidence(measure(), 100_000);
    expect(p.certificateBytesPerLead).toBe(3_000);
    expect(p.d1GbPerDay).toBeCloseTo(0.3, 10);
    // D1 holds a certificate its own day and the hot days after it; R2 the retention window.
    expect(p.d1GbHeld).toBeCloseTo(0.9, 10);
    expect(p.r2GbHeld).toBeCloseTo(28.8, 10);
    expect(p.evidenceBytesPerLead).toBe(500);
    expect(p.evidenceGbHeld).toBeCloseTo(4.5, 10);
    // The log's leaf tables only (heads do not grow with leads): 28,000 B over 200 leaves.
    expect(p.logBytesPerLeaf).toBe(140);
    expect(p.logGbPerYear).toBeCloseTo(5.11, 10);
    // Snapshots per distinct snapshot, not per lead.
    expect(p.snapshotBytes).toBe(20_000);
    expect(p.markerBytes).toBe(200);
    expect(p.distinctSnapshots).toBe(2);
  });

  it('says a CPU difference inside the blocks’ spread is not measured, and one beyond it is', () => {
    expect(cpuSpread(measure().cpu.blocks)).toBe(1);
    const inside = renderEvidenceSection(measure({ finalWith: 9.5 }), projectEvidence(measure(), 100_000), 'now');
    expect(inside).toContain('inside the spread');
    const beyond = renderEvidenceSection(measure({ finalWith: 12 }), projectEvidence(measure(), 100_000), 'now');
    expect(beyond).toContain('The evidence costs 3.00 ms a final step');
    // One block of a kind has no spread: no verdict is drawn from it.
    const few = measure({ blocks: [{ kind: 'with', msPerLead: 10 }] });
    expect(renderEvidenceSection(few, projectEvidence(few, 100_000), 'now')).toContain('Too few blocks');
  });

  it('replaces its own section in place and leaves the rest of the document', () => {
    const first = renderEvidenceSection(measure(), projectEvidence(measure(), 100_000), 'first');
    const doc = spliceEvidenceSection('# Performance\n\nbefore\n', first);
    const again = spliceEvidenceSection(`${doc}\nafter\n`, first.replace('(first)', '(second)'));
    expect(again).toContain('before');
    expect(again).toContain('after');
    expect(again).toContain('(second)');
    expect(again).not.toContain('(first)');
  });
});
