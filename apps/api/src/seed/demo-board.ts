import type { BoardRegistry } from '../board-stand-in/registry.js';

/**
 * The demo's board link: Maharashtra Pollution Control Board with Deccan
 * Cement Works mapped to it — its kiln stack as a station, the stack's gas
 * analyser and dust monitor as devices, their parameters and units in the
 * board's ids — pushing to the board stand-in (`npm run board`, port 8930).
 * The seed (demo-data.ts) stores it; the stand-in registers the same ids and
 * the key pair's public half, as a board's portal would after the industry
 * registered. The key pair is the demo's own, made for this file: it signs
 * nothing but demo pushes to the stand-in.
 */

export const DEMO_BOARD_URL = 'http://127.0.0.1:8930';

export const DEMO_BOARD = {
  name: 'MPCB Online Monitoring (OCEMS)',
  stateCode: 'MH',
  statutoryName: 'Maharashtra Pollution Control Board',
  parameters: [
    { label: 'PM', spcbParameterId: 'pm' },
    { label: 'SO2', spcbParameterId: 'so2' },
    { label: 'NOx', spcbParameterId: 'nox' },
    { label: 'CO', spcbParameterId: 'co' },
    { label: 'O2', spcbParameterId: 'o2' },
  ],
  units: [
    { unit: 'mg/Nm3', spcbUnit: 'mg/Nm3' },
    { unit: '%', spcbUnit: '%' },
  ],
  industry: {
    name: 'Deccan Cement Works',
    spcbTenantId: 'MPCB-CHD-CEM-0412',
    authorizationKey: 'mpcb-demo-7Qk2vX9pLr4TzW8n',
    nocNumber: 'MPCB/CTO/CHD/2024/0412',
    stations: [
      {
        point: 'Kiln / Raw Mill Stack',
        spcbEntityId: 'STN-0412-01',
        devices: [
          {
            device: 'Gas Analyser – Kiln / Raw Mill Stack',
            spcbDeviceId: 'DEV-0412-0101',
            parameters: [
              { label: 'SO2', unit: 'mg/Nm3' },
              { label: 'NOx', unit: 'mg/Nm3' },
              { label: 'CO', unit: 'mg/Nm3' },
              { label: 'O2', unit: '%' },
            ],
          },
          {
            device: 'Dust Monitor – Kiln / Raw Mill Stack',
            spcbDeviceId: 'DEV-0412-0102',
            parameters: [{ label: 'PM', unit: 'mg/Nm3' }],
          },
        ],
      },
    ],
  },
} as const;

/** The demo industry's private key (PEM): stored encrypted by the seed, like any uploaded key. */
export const DEMO_PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC4c3uJZr/tIHRk
rrMhnaSf6L/5rTRZAlwF38xsaLLGplarF5gVSSlph9CpLIIn/katmGdNEysxg7Kw
JTRCFKwy3jQLhPVIdO7A9x5diB9zNZ16pWpAWQqdumlbaNLWpOwTP4TF8l10SRyS
qYJDX/LaOcXqybKG/ZW2HF8YwqSjqVpbRw7d5PxbDPWK0XTA9irW57Tv4jdZ4Kpj
2N9nLJvPfn6xbuTi8Z3GWzDvXlLbp8spDBsD5OhGzkyn6DWeWRjmK/Z+edY8uZA8
mXiv/OM8kdWB+IaWg8DS8zRD9vX4SKfDF7M/ZUnkFj3/BX7oJrqirddzjmCRqJMT
/jjL+HanAgMBAAECggEACGpMYpJrgzgN12IZDhmRHzKRP6TlVIJFDIePXgrQzTtd
jOTArYfu+b+Wh4FeVtDFDLp9TAjp2ZJ2no6z+afTy2ZT3YqtXibnlaowmnfRZ4I0
sxnE5Taqw1Nz5xW7OMvBcYdeWWGbXejQAuj05noELGyiWPnmyT3cjLhypkCLHmRR
xMwFxwdvGji/Kot3VAEScwqktaE7Zh1JSZPVnZywwTbb5KmiJKq4pHGVvBfuEXDZ
d7/F2UgcWeXes8b7YD+ygvi7TSPDud7jZ/qFMr/oh7uVZmIdCcBaIvUEmHDyDJch
cswkRUzJPp7jjEHiVvoQzBaXuHF+qYiAvZ12f2Kj0QKBgQDbUiWuWQyYme+8i2VD
aPYVlYJ6lOB1Ic+jYjkCIPeV+cxx2AgAXCrVZoBVZOS2Yr6inQiwruriQDSnafbq
OieiwRf/LDHJ6Vp6CWRLBuVdxqsmAUI2BeGvizB9NAfCv/W62Kd/EB7I8V7QNEa8
V0NdjLDq6sNXw5uOM8JJdeLH7QKBgQDXTHHPODLKspJmx1+0CxSXuom5DD4eDuku
JVEqCThqh9DHMlCQFKiIZzLbvVx8rQ9EPHPz6qRD132usLLdhdXIy5XpdlI/jpEm
ZLOfQOJ/1yd80b/IRYMVRyXmXr4vJmoKCETKELRkOyN3HKUxy+4rwZ7CfhKEWa5N
IMXxUYj+YwKBgQDG36eBgAgW/EdSXch2JuA2VDtbslIShJVG3xM4pfI70aaceLtQ
sEK6/VZTmMh3xfR9eg3eQM6GWJgmUsTuQcudHqEG5ulC4NIFJS0Hh3pG3ZZmQO/s
EstCJeHTNnHvG6fURQ8k/dYcehpyi2S09iAE3UWzzytREvOkL7T2beo1RQKBgHca
XA91mGuX0/O1sdTpGFBDqnLLOgXo28hibn8hsKsGTVIVHIpIU196L6FuJR73oe1u
v/qcwJijOm0MZTa1FipJrboEccWlOdkSdmfQPjzYqoibhEvnYHfB70589RsiViEM
p/lcul6EdL8tApoEpdJg/1G66sV60zjpu3cfUvjfAoGBAKtMSY5XEVLvnlgXiPcz
UfYYtSnjauX1xyC/OOBclP8xQICs+6cXYIutcyauXZY0KIwnAfSMs6PyGEd/6UKF
zF4MM+sLeWVTL/SDw24rGQjEUS5yBqN/NpOUOcWnLKFmVd98MTwW0YwnVApiwjWr
Fat+62TOKJxY+jBr/CbAISTA
-----END PRIVATE KEY-----
`;

/** Its public half: what the stand-in verifies the demo's signatures with. */
export const DEMO_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuHN7iWa/7SB0ZK6zIZ2k
n+i/+a00WQJcBd/MbGiyxqZWqxeYFUkpaYfQqSyCJ/5GrZhnTRMrMYOysCU0QhSs
Mt40C4T1SHTuwPceXYgfczWdeqVqQFkKnbppW2jS1qTsEz+ExfJddEkckqmCQ1/y
2jnF6smyhv2VthxfGMKko6laW0cO3eT8Wwz1itF0wPYq1ue07+I3WeCqY9jfZyyb
z35+sW7k4vGdxlsw715S26fLKQwbA+ToRs5Mp+g1nlkY5iv2fnnWPLmQPJl4r/zj
PJHVgfiGloPA0vM0Q/b1+EinwxezP2VJ5BY9/wV+6Ca6oq3Xc45gkaiTE/44y/h2
pwIDAQAB
-----END PUBLIC KEY-----
`;

/** What the stand-in knows of the demo board's industry. */
export function demoBoardRegistry(): BoardRegistry {
  const { industry } = DEMO_BOARD;
  const parameterId = (label: string) =>
    DEMO_BOARD.parameters.find((parameter) => parameter.label === label)!.spcbParameterId;
  const unitOf = (unit: string) => DEMO_BOARD.units.find((entry) => entry.unit === unit)!.spcbUnit;
  return {
    industries: [
      {
        industryId: industry.spcbTenantId,
        authorizationKey: industry.authorizationKey,
        publicKeyPem: DEMO_PUBLIC_KEY_PEM,
        devices: industry.stations.flatMap((station) =>
          station.devices.map((device) => ({
            deviceId: device.spcbDeviceId,
            stationId: station.spcbEntityId,
            parameters: device.parameters.map((parameter) => ({
              parameter: parameterId(parameter.label),
              unit: unitOf(parameter.unit),
            })),
          })),
        ),
      },
    ],
  };
}
