// Whether the relay exports metrics, and its registry when it does: on only when the operator set
// a port of their own (METRICS_PORT) or a token for the relay's port (METRICS_TOKEN), so the
// figures are never public by default (docs/metrics.md).

import type { Config } from '../config/config.js';
import type { Clock } from '../domain/clock.js';
import { PrometheusMetrics } from './prometheus.js';

export function metricsEnabled(config: Pick<Config, 'metrics'>): boolean {
  return config.metrics.port > 0 || config.metrics.token !== '';
}

export function relayPrometheus(config: Pick<Config, 'relayId'>, clock: Clock): PrometheusMetrics {
  return new PrometheusMetrics({ relayId: config.relayId, clock });
}
