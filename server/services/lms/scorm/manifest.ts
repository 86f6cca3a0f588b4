import type { ScormVersion } from '../../../contracts/enums';

/*
 * imsmanifest.xml of a Spar package: one organization with one item, whose one resource is the
 * launch page (a SCO that talks to the LMS's runtime API).
 *  - SCORM 1.2 (ADL SCORM 1.2 Content Aggregation Model): IMS CP 1.1.2 (`imscp_rootv1p1p2`) with
 *    ADL's `adlcp_rootv1p2` extensions: `adlcp:scormtype="sco"` on the resource and
 *    `adlcp:masteryscore` (0–100) on the item, which an LMS uses to set passed/failed from the
 *    score when the SCO itself does not.
 *  - SCORM 2004 4th Edition: IMS CP 1.1.4 (`imscp_v1p1`), `adlcp_v1p3` (`adlcp:scormType="sco"`),
 *    and IMS Simple Sequencing (`imsss`) on the item: its primary objective is satisfied by
 *    measure, with `minNormalizedMeasure` the passing score as a fraction of 1 (the 2004 form of
 *    the mastery score).
 */

// characters XML 1.0 does not allow anywhere (controls other than tab, LF, CR; U+FFFE, U+FFFF)
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for an XML element or a double-quoted attribute (characters XML cannot hold are dropped). */
export function escapeXml(s: string): string {
  return s
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** The files of the package the resource lists (the manifest lists every file but itself). */
const PACKAGE_FILES = ['index.html', 'spar-scorm.js'] as const;

export interface ManifestParts {
  /** The package's id (a UUID), from which the manifest's identifiers are made. */
  packageId: string;
  title: string;
  version: ScormVersion;
  passingScore: number;
}

const ids = (packageId: string) => ({
  manifest: `spar-${packageId}`,
  org: 'spar-org',
  item: 'spar-item',
  resource: 'spar-sco',
});

const fileList = () => PACKAGE_FILES.map((f) => `      <file href="${f}"/>`).join('\n');

function manifest12(p: ManifestParts): string {
  const id = ids(p.packageId);
  const title = escapeXml(p.title);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id.manifest}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id.org}">
    <organization identifier="${id.org}">
      <title>${title}</title>
      <item identifier="${id.item}" identifierref="${id.resource}" isvisible="true">
        <title>${title}</title>
        <adlcp:masteryscore>${p.passingScore}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id.resource}" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList()}
    </resource>
  </resources>
</manifest>
`;
}

function manifest2004(p: ManifestParts): string {
  const id = ids(p.packageId);
  const title = escapeXml(p.title);
  // a fraction with at most 2 decimals (70 → 0.7), as the schema's xs:decimal in [-1, 1]
  const measure = String(Math.round(p.passingScore) / 100);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id.manifest}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id.org}">
    <organization identifier="${id.org}">
      <title>${title}</title>
      <item identifier="${id.item}" identifierref="${id.resource}" isvisible="true">
        <title>${title}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="spar-passing-score" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${measure}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id.resource}" type="webcontent" adlcp:scormType="sco" href="index.html">
${fileList()}
    </resource>
  </resources>
</manifest>
`;
}

export function scormManifest(p: ManifestParts): string {
  return p.version === '1.2' ? manifest12(p) : manifest2004(p);
}
