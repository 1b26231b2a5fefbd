// Devices (issue #15, decision 042): the desktop tray and the browser extension, signed in with the OAuth 2.0 Device
// Authorization Grant (RFC 8628). Shared by the server (which accepts only these clients), the /device page, the
// settings' sessions list, the tray and the extension.

/** The clients allowed to ask for a device code (the web app names them: "Holdup tray", "Browser extension"). */
export const deviceClientIds = ["holdup-tray", "holdup-extension"] as const;
export type DeviceClientId = (typeof deviceClientIds)[number];

export const isDeviceClient = (clientId: unknown): clientId is DeviceClientId => deviceClientIds.some((id) => id === clientId);

/** How long a code shown by a device may be approved, and how often the device may ask whether it was. */
export const DEVICE_CODE_MINUTES = 10;
export const DEVICE_POLL_SECONDS = 5;

/** A user code as people read and type it: "ABCD-EFGH" (better-auth ignores the dash and the case). */
export const formatUserCode = (code: string) => {
  const plain = code.replace(/[^a-zA-Z0-9]/g, "").toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
};
