import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@exchange/kernel/config';

/** Docker cannot run on our machines, so the operators' stack is checked by reading it. */
interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  profiles?: string[];
  volumes?: string[];
  secrets?: string[];
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
};
const { postgres, redis, api, workers, prometheus, grafana } = compose.services;
const inProfile = (profile: string | undefined) =>
  Object.entries(compose.services)
    .filter(([, service]) => service.profiles?.[0] === profile)
    .map(([name]) => name)
    .sort();
/** Where a service mounts a folder of the repository: host path → container path. */
const mounts = (service: Service | undefined) =>
  Object.fromEntries((service?.volumes ?? []).map((volume) => volume.split(':').slice(0, 2)));

describe('docker-compose.yml', () => {
  it('runs postgres, redis, the api and the workers, each with a health check where others wait on it', () => {
    expect(inProfile(undefined)).toEqual(['api', 'postgres', 'redis', 'workers']);
    expect(postgres?.image).toMatch(/^postgres:15/);
    expect(redis?.image).toMatch(/^redis:7/);
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(redis?.healthcheck?.test.join(' ')).toContain('ping');
    // The api's own parts only: the workers wait on it, so its check cannot wait on them.
    expect(api?.healthcheck?.test.join(' ')).toContain('/api/health?scope=api');
    // The workers' check reads their heartbeats through their own metrics listener.
    expect(workers?.healthcheck?.test.join(' ')).toContain(
      `http://127.0.0.1:${workers?.environment?.METRICS_PORT}/health`,
    );
    expect(api?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(workers?.depends_on?.api?.condition).toBe('service_healthy');
  });

  it('starts every service again when its process dies, as the crash drills (npm run drill) assume', () => {
    for (const service of [postgres, redis, api, workers]) expect(service?.restart).toBe('unless-stopped');
  });

  it('builds api and workers from the Dockerfile, which builds the web client the api serves', () => {
    expect(api?.build).toBe('.');
    expect(workers?.build).toBe('.');
    expect(workers?.command).toEqual(['npm', 'run', 'workers']);
    expect(existsSync('Dockerfile')).toBe(true);
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/npm ci/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/CMD \["npm", "start"\]/);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.workers).toBeDefined();
    expect(scripts.start).toBeDefined();
  });

  it('wires the api and workers to the postgres and redis services with matching credentials', () => {
    const env = postgres?.environment ?? {};
    const expectedDatabase = `postgresql://${env.POSTGRES_USER}:${env.POSTGRES_PASSWORD}@postgres:5432/${env.POSTGRES_DB}`;
    for (const service of [api, workers]) {
      expect(service?.environment?.DATABASE_URL).toBe(expectedDatabase);
      expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service?.environment?.APP_SECRET).toBeTruthy();
    }
    expect(api?.ports).toEqual([`${api?.environment?.PORT}:8080`]);
    // The workers run in their own container, so the api must not start a second set.
    expect(api?.environment?.WORKERS).toBe('off');
  });

  it('trusts no forwarding header by default, and lets operators behind a proxy name it', () => {
    // Published straight on 8080, nothing in front of the api may vouch for a client's address.
    expect(api?.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-off}');
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).TRUST_PROXY).toEqual(['uniquelocal']);
    expect(readFileSync('README.md', 'utf8')).toMatch(/TRUST_PROXY=uniquelocal docker compose up/);
  });

  it('serves metrics on a listener of its own in the api and the workers, on the network only', () => {
    for (const service of [api, workers]) {
      expect(service?.environment?.METRICS_PORT).toBe('9464');
      expect(service?.environment?.METRICS_HOST).toBe('0.0.0.0');
      expect(service?.environment?.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
      // What compose passes when METRICS_TOKEN is unset: no token, and a valid configuration.
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: '' })).toMatchObject({
        METRICS_PORT: 9464,
        METRICS_TOKEN: undefined,
      });
    }
    expect(api?.ports).not.toContainEqual(expect.stringContaining('9464'));
    expect(workers?.ports).toBeUndefined();
  });

  it('wires the chain settings to the api and the workers, and the hot wallet key to the workers as a secret only', () => {
    const chain = [
      'EVM_RPC_URL',
      'EVM_CHAIN_ID',
      'EVM_USDT_CONTRACT',
      'EVM_CONFIRMATIONS_ETH',
      'EVM_CONFIRMATIONS_USDT',
    ];
    const keys = Object.keys(api?.environment ?? {}).filter((name) => name.startsWith('DEPOSIT_XPUB_'));
    expect(keys).toHaveLength(6);
    for (const service of [api, workers])
      for (const name of [...chain, ...keys])
        expect(service?.environment?.[name], name).toBe(`\${${name}:-}`);
    for (const name of [
      'EVM_POLL_MS',
      'EVM_START_BLOCK',
      'EVM_HOT_WALLET_KEY_FILE',
      'EVM_SIGNER_STUCK_BLOCKS',
    ])
      expect(workers?.environment?.[name], name).toBe(`\${${name}:-}`);
    // The key itself never in an environment: a file, mounted into the workers alone.
    for (const service of Object.values(compose.services))
      expect(service.environment?.EVM_HOT_WALLET_KEY).toBeUndefined();
    expect(workers?.secrets).toEqual(['evm_hot_wallet_key']);
    expect(api?.secrets).toBeUndefined();
    expect(compose.secrets.evm_hot_wallet_key?.file).toBe('${EVM_HOT_WALLET_KEY_PATH:-/dev/null}');
    // What compose passes when the operator configured no chain: no watcher, no signer, a valid configuration.
    const unset = Object.fromEntries(
      Object.keys(workers?.environment ?? {})
        .filter((name) => name.startsWith('EVM_'))
        .map((name) => [name, '']),
    );
    expect(loadConfig(unset)).toMatchObject({ EVM: null, EVM_SIGNER: null });
    const configured = loadConfig({
      ...unset,
      EVM_RPC_URL: 'http://node:8545',
      EVM_CHAIN_ID: '1',
      EVM_CONFIRMATIONS_ETH: '20',
      EVM_HOT_WALLET_KEY_FILE: '/run/secrets/evm_hot_wallet_key',
    });
    expect(configured.EVM).toMatchObject({ rpcUrl: 'http://node:8545', native: { confirmations: 20 } });
    expect(configured.EVM_SIGNER?.key).toEqual({ file: '/run/secrets/evm_hot_wallet_key' });
  });

  it('starts Prometheus and Grafana in the monitoring profile, provisioned from ops/monitoring', () => {
    expect(inProfile('monitoring')).toEqual(['grafana', 'prometheus']);
    for (const service of [prometheus, grafana]) {
      expect(service?.restart).toBe('unless-stopped');
      // On this machine only: Prometheus and Grafana are not for the internet.
      for (const port of service?.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    const prometheusMounts = mounts(prometheus);
    expect(prometheusMounts['./ops/monitoring/prometheus']).toBe('/etc/prometheus');
    expect(prometheus?.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    const config = parse(readFileSync('ops/monitoring/prometheus/prometheus.yml', 'utf8')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    // Prometheus reads rule files relative to its config: /etc/prometheus, the mounted folder.
    for (const file of config.rule_files) {
      expect(file, 'a rule file inside the mounted folder').not.toMatch(/^\/|\.\./);
      expect(existsSync(`ops/monitoring/prometheus/${file}`), file).toBe(true);
    }
    const targets = Object.fromEntries(
      config.scrape_configs.map((job) => [job.job_name, job.static_configs.flatMap((s) => s.targets)]),
    );
    expect(targets['exchange-api']).toEqual([`api:${api?.environment?.METRICS_PORT}`]);
    expect(targets['exchange-workers']).toEqual([`workers:${workers?.environment?.METRICS_PORT}`]);

    const grafanaMounts = mounts(grafana);
    expect(grafanaMounts['./ops/monitoring/grafana/provisioning']).toBe('/etc/grafana/provisioning');
    const datasources = parse(
      readFileSync('ops/monitoring/grafana/provisioning/datasources/prometheus.yml', 'utf8'),
    ) as { datasources: { uid: string; url: string }[] };
    expect(datasources.datasources[0]?.url).toBe('http://prometheus:9090');
    const providers = parse(
      readFileSync('ops/monitoring/grafana/provisioning/dashboards/exchange.yml', 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    const dashboardsAt = providers.providers[0]?.options.path;
    expect(grafanaMounts['./ops/monitoring/grafana/dashboards']).toBe(dashboardsAt);
    const dashboard = JSON.parse(readFileSync('ops/monitoring/grafana/dashboards/exchange.json', 'utf8')) as {
      panels: { datasource?: { uid: string } }[];
    };
    const uids = new Set(
      dashboard.panels.flatMap((panel) => (panel.datasource ? [panel.datasource.uid] : [])),
    );
    expect([...uids]).toEqual([datasources.datasources[0]?.uid]);
    expect(grafana?.environment?.GF_SECURITY_ADMIN_PASSWORD).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD:-/);
  });
});
