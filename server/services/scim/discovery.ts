import { listResponse, MAX_COUNT, SCHEMA } from './wire';

/**
 * What this SCIM server supports, for clients that read it before provisioning: PATCH and
 * filtering (eq on the attributes server/services/scim/filter.ts names), no bulk, sorting, ETags
 * or password changes; bearer tokens made in Admin → Provisioning.
 */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCHEMA.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A SCIM token created in Spar under Admin → Provisioning (SCIM)',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const attribute = (
  name: string,
  extra: Partial<{
    type: string;
    required: boolean;
    multiValued: boolean;
    mutability: string;
    uniqueness: string;
    caseExact: boolean;
    subAttributes: unknown[];
  }> = {},
) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const SCHEMAS = [
  {
    id: SCHEMA.user,
    name: 'User',
    description: 'A Spar user; userName is the e-mail address',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('displayName'),
      attribute('name', {
        type: 'complex',
        subAttributes: [attribute('formatted'), attribute('givenName'), attribute('familyName')],
      }),
      attribute('emails', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
      }),
      attribute('active', { type: 'boolean' }),
    ],
  },
  {
    id: SCHEMA.group,
    name: 'Group',
    description: 'A group pushed by the identity provider; its mapping is chosen in Spar',
    attributes: [
      attribute('displayName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('members', {
        type: 'complex',
        multiValued: true,
        subAttributes: [
          attribute('value', { mutability: 'immutable', caseExact: true }),
          attribute('display', { mutability: 'readOnly' }),
        ],
      }),
    ],
  },
];

export function schemas(baseUrl: string) {
  const resources = SCHEMAS.map((s) => ({
    schemas: [SCHEMA.schema],
    ...s,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${s.id}` },
  }));
  return listResponse(resources, { total: resources.length, startIndex: 1 });
}

export function resourceTypes(baseUrl: string) {
  const resources = [
    { id: 'User', name: 'User', endpoint: '/Users', schema: SCHEMA.user },
    { id: 'Group', name: 'Group', endpoint: '/Groups', schema: SCHEMA.group },
  ].map((r) => ({
    schemas: [SCHEMA.resourceType],
    ...r,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${r.id}` },
  }));
  return listResponse(resources, { total: resources.length, startIndex: 1 });
}
