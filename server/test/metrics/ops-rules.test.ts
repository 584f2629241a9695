// The Grafana dashboard and the Prometheus alert rules in ops/ name only metrics a relay exports:
// every identifier of their expressions that looks like one of ours (paywidgets_…) or of the
// process's (process_…, nodejs_…) must be a name a live relay's /metrics declares, a histogram's
// _bucket/_sum/_count included. The PromQL is read loosely (identifiers only), which is enough to
// catch a renamed or misspelt metric.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config.js';
import { startTestRelay, type TestRelay } from '../helper.js';
import { declaredNames } from './scrape.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const TOKEN = 'metrics-token-0123456789abcdef';
const METRIC = /\b(?:paywidgets|process|nodejs)_[a-z0-9_]+\b/g;

let relay: TestRelay;
let exported: Set<string>;
beforeAll(async () => {
  relay = await startTestRelay({ metrics: { ...defaultConfig.metrics, token: TOKEN } });
  const url = await relay.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  exported = declaredNames(await res.text());
});
afterAll(async () => relay.close());

function metricNames(expressions: readonly string[]): string[] {
  return [...new Set(expressions.flatMap((e) => e.match(METRIC) ?? []))].sort();
}

interface AlertRule {
  alert: string;
  expr: string;
}

describe('ops/prometheus/alerts.yml', () => {
  const rules = (parse(readFileSync(resolve(ROOT, 'ops/prometheus/alerts.yml'), 'utf8')) as { groups: { rules: AlertRule[] }[] }).groups.flatMap((g) => g.rules);

  it('has the alerts that matter, each with an expression', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['PaywidgetsErrorRate', 'PaywidgetsDeclineRate', 'PaywidgetsPaymentLatencyP99', 'PaywidgetsJobsLagging', 'PaywidgetsWebhookBacklog', 'PaywidgetsWebhookEndpointsFailing', 'PaywidgetsDatabaseSlow', 'PaywidgetsRedisFallback']),
    );
    for (const rule of rules) expect(rule.expr.trim(), rule.alert).not.toBe('');
  });

  it('uses only metric names a relay exports', () => {
    const used = metricNames(rules.map((r) => r.expr));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !exported.has(name))).toEqual([]);
  });
});

describe('ops/grafana/paywidgets.json', () => {
  const dashboard = JSON.parse(readFileSync(resolve(ROOT, 'ops/grafana/paywidgets.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[]; templating: { list: { query: unknown }[] } };
  const expressions = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...dashboard.templating.list.map((v) => String(v.query))];

  it('gives every panel at least one query', () => {
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
  });

  it('uses only metric names a relay exports', () => {
    const used = metricNames(expressions);
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((name) => !exported.has(name))).toEqual([]);
  });
});
