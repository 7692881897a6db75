import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { BoardRegistry } from './board-stand-in/registry.js';
import { startBoardStandIn } from './board-stand-in/stand-in.js';
import { demoBoardRegistry } from './seed/demo-board.js';

/**
 * `npm run board`: a stand-in state board for the demo, so that the
 * regulator push has somewhere to deliver without a real board's credentials.
 * It speaks the CPCB OCEMS data protocol on `POST /v1.0/industry/data` and
 * knows the demo industries (or the registry in `BOARD_REGISTRY_FILE`);
 * `/__stand-in/received`, `/__stand-in/mode` and `/__stand-in/health` show
 * what it took and make it unreachable, slow or refusing.
 *
 * Environment: `BOARD_PORT` (default 8930), `BOARD_HOST` (default 127.0.0.1),
 * `BOARD_REGISTRY_FILE` (a JSON `BoardRegistry`; default the demo industries).
 */

const DEFAULT_PORT = 8930;

const isoDateTime = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO date and time');
const nonEmpty = z.string().min(1);

/** A registry file, checked before the board starts rather than failing on the first request. */
const registrySchema = z.object({
  industries: z.array(
    z.object({
      industryId: nonEmpty,
      authorizationKey: nonEmpty,
      publicKeyPem: nonEmpty,
      devices: z.array(
        z.object({
          deviceId: nonEmpty,
          stationId: nonEmpty,
          parameters: z.array(z.object({ parameter: nonEmpty, unit: nonEmpty })),
          calibrations: z.array(z.object({ from: isoDateTime, to: isoDateTime })).optional(),
        }),
      ),
    }),
  ),
}) satisfies z.ZodType<BoardRegistry>;

async function readRegistry(file: string): Promise<BoardRegistry> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `BOARD_REGISTRY_FILE ${file} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const parsed = registrySchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`BOARD_REGISTRY_FILE ${file} is not a board registry:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

function portFromEnv(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`BOARD_PORT must be a port number (0 to 65535), not ${JSON.stringify(text)}`);
  }
  return port;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function main() {
  const port = portFromEnv(process.env.BOARD_PORT);
  const host = process.env.BOARD_HOST?.trim() || '127.0.0.1';
  const file = process.env.BOARD_REGISTRY_FILE?.trim() || undefined;
  const registry: BoardRegistry = file ? await readRegistry(file) : demoBoardRegistry();
  const standIn = await startBoardStandIn({ registry, port, host });
  const stop = () => {
    void standIn.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const devices = registry.industries.reduce((n, industry) => n + industry.devices.length, 0);
  process.stdout.write(
    `Board stand-in (CPCB OCEMS v1.0) at ${standIn.url}: ${count(registry.industries.length, 'industry', 'industries')}, ` +
      `${count(devices, 'device', 'devices')}${file ? ` from ${file}` : ' (demo)'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
