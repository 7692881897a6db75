/**
 * What a board knows of the industries that push to it: as a board's portal
 * would hold it after the industry registered its stations, devices and
 * public key. The stand-in (stand-in.ts) checks every request against it.
 */

export interface RegistryParameter {
  /** The board's parameter id, as sent in `params[].parameter`. */
  parameter: string;
  /** The one unit the board takes for it, as sent in `params[].unit`. */
  unit: string;
}

export interface RegistryDevice {
  /** The board's device id (header `X-Device-Id`, `device_data[].deviceId`). */
  deviceId: string;
  /** The board's station id the device is registered under. */
  stationId: string;
  parameters: RegistryParameter[];
  /**
   * Calibration windows the industry scheduled with the board: a slot sent
   * with the calibration flag outside every window is refused with 112.
   */
  calibrations?: { from: string; to: string }[];
}

export interface RegistryIndustry {
  /** The board's id of the industry. */
  industryId: string;
  /** The authorization key (token) the board issued; it is part of the signed text. */
  authorizationKey: string;
  /** The industry's public key (PEM) the board verifies signatures with. */
  publicKeyPem: string;
  devices: RegistryDevice[];
}

export interface BoardRegistry {
  industries: RegistryIndustry[];
}
