import { cpcbProtocol } from './cpcb.js';
import type { BoardProtocol } from './protocol.js';

/**
 * The board protocols Vayu speaks. A board's config names one by id; a new
 * protocol is its adapter file, one entry here and its id in `PROTOCOL_IDS`.
 */
export const BOARD_PROTOCOLS: readonly BoardProtocol[] = [cpcbProtocol];

/**
 * The ids of `BOARD_PROTOCOLS`, as a literal tuple so that a board config's
 * schema can take them as an enum (a test checks that both lists agree).
 */
export const PROTOCOL_IDS = ['cpcb-v1'] as const;

/** The id of a protocol Vayu speaks. */
export type ProtocolId = (typeof PROTOCOL_IDS)[number];

/** The protocol with this id, or undefined for an id no adapter speaks (a config from a newer version). */
export function protocolFor(id: string): BoardProtocol | undefined {
  return BOARD_PROTOCOLS.find((protocol) => protocol.id === id);
}
