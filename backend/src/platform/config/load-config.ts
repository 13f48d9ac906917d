import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, ConfigError } from './app-config';

export function backendVersion(): string {
  // Both src/ (tests) and dist/ (runtime) sit one level under backend/.
  const packageJson = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
  return packageJson.version;
}

/** Reads and validates the environment at boot; on a bad value prints what is wrong and exits. */
export function loadConfigOrExit(): AppConfig {
  try {
    return AppConfig.fromEnv(process.env, backendVersion());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Plantfolk cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
