import { useQuery } from '@tanstack/react-query';
import type { EnvConfig } from '@exchange/contracts';
import { api } from '../lib/api';
import { STORAGE_KEYS, writeStored } from '../lib/storage';

/** `GET /api/env.json` answers bare JSON (no envelope); the client keeps `socketPort` as the spec's did. */
async function fetchEnv(): Promise<EnvConfig> {
  const env = await api.raw<EnvConfig>('/api/env.json');
  writeStored(
    STORAGE_KEYS.socketPort,
    JSON.stringify({ socketnum: env.socket_io_port, smcode: env.login_need_smscode }),
  );
  return env;
}

export function useEnv() {
  return useQuery({ queryKey: ['env'], queryFn: fetchEnv, staleTime: 5 * 60_000 });
}
