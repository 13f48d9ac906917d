import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics.service';

/** The Prometheus registry (served at GET /api/metrics, see metrics-endpoint.ts). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
