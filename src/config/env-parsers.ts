export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid environment variable ${variable}: ${reason}`);
    this.name = 'ConfigError';
  }
}

export type EnvParser<T> = (raw: string, name: string) => T;

export const str: EnvParser<string> = (raw) => raw;

export function int(min: number, max = Number.MAX_SAFE_INTEGER): EnvParser<number> {
  return (raw, name) => {
    if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `expected an integer, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigError(name, `expected an integer from ${min} to ${max}, got ${value}`);
    return value;
  };
}

/** A plain decimal number (no exponent) within the bounds. */
export function decimal(min: number, max: number): EnvParser<number> {
  return (raw, name) => {
    if (!/^\d+(\.\d+)?$/.test(raw.trim())) throw new ConfigError(name, `expected a decimal number, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${value}`);
    return value;
  };
}

export const identifier: EnvParser<string> = (raw, name) => {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(raw)) throw new ConfigError(name, 'expected 1-32 letters, digits, _ or -');
  return raw;
};

export const bool: EnvParser<boolean> = (raw, name) => {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
};

export function oneOf<T extends string>(...values: T[]): EnvParser<T> {
  return (raw, name) => {
    if (!(values as string[]).includes(raw)) throw new ConfigError(name, `expected one of ${values.join(', ')}, got "${raw}"`);
    return raw as T;
  };
}

export function url(...protocols: string[]): EnvParser<string> {
  return (raw, name) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(name, 'expected a URL');
    }
    if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `expected a URL starting with ${protocols.join(' or ')}`);
    return raw;
  };
}

/** Space-separated origins of a Content-Security-Policy source list: http(s)://host[:port], the host may start with *. */
export const originList: EnvParser<string[]> = (raw, name) => {
  const origins = raw.split(/\s+/).filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(origin)) {
      throw new ConfigError(name, `expected origins like https://*.example.com separated by spaces, got "${origin}"`);
    }
  }
  return origins;
};

const DURATION_UNITS_SEC: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** A duration such as 900, 15m, 12h or 30d, returned in seconds. */
export const durationSeconds: EnvParser<number> = (raw, name) => {
  const match = /^(\d+)([smhd]?)$/.exec(raw.trim());
  if (!match || Number(match[1]) === 0) throw new ConfigError(name, `expected a duration like 15m, 12h or 30d, got "${raw}"`);
  return Number(match[1]) * DURATION_UNITS_SEC[match[2] || 's'];
};

/** Key ring: comma-separated `id:<base64 of 32 bytes>` pairs. */
export const keyRing: EnvParser<Map<string, Buffer>> = (raw, name) => {
  const keys = new Map<string, Buffer>();
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    if (separator < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(id))
      throw new ConfigError(name, 'expected entries of the form id:<base64 of 32 bytes>');
    const key = Buffer.from(entry.slice(separator + 1), 'base64');
    if (key.length !== 32) throw new ConfigError(name, `key "${id}" must be 32 bytes in base64`);
    if (keys.has(id)) throw new ConfigError(name, `key id "${id}" appears twice`);
    keys.set(id, key);
  }
  if (keys.size === 0) throw new ConfigError(name, 'expected at least one key');
  return keys;
};
