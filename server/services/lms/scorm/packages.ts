import { randomBytes } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { certifications, scormPackages, simulations, users } from '../../../../db/schema';
import type { LmsTargetKind } from '../../../contracts/enums';
import type { CreateScormPackageInput, ScormPackageView } from '../../../contracts/scorm';
import { AppError } from '../../../errors';
import { hashToken } from '../../guest-links/tokens';
import { LAUNCH_SCRIPT, launchPageHtml } from './launch-page';
import { scormManifest } from './manifest';
import { packageTexts } from './texts';

/*
 * SCORM packages a manager exports from a simulation's or a certification's page. A package's
 * launch key (32 random bytes, base64url) is written into the package and stored only as its
 * SHA-256, so the zip can be made only when the package is: it is answered in the same request
 * and never again (a new download is a new package).
 */

const viewSelect = {
  id: scormPackages.id,
  title: scormPackages.title,
  version: scormPackages.version,
  targetKind: scormPackages.targetKind,
  simulationId: scormPackages.simulationId,
  certificationId: scormPackages.certificationId,
  simulationName: simulations.name,
  certificationName: certifications.name,
  unknownLearners: scormPackages.unknownLearners,
  passingScore: scormPackages.passingScore,
  createdAt: scormPackages.createdAt,
  revokedAt: scormPackages.revokedAt,
  createdByName: users.displayName,
  createdByUsername: users.username,
};

function viewQuery(tx: Executor, where: SQL | undefined) {
  return tx
    .select(viewSelect)
    .from(scormPackages)
    .leftJoin(simulations, eq(simulations.id, scormPackages.simulationId))
    .leftJoin(certifications, eq(certifications.id, scormPackages.certificationId))
    .leftJoin(users, eq(users.id, scormPackages.createdBy))
    .where(where)
    .orderBy(desc(scormPackages.createdAt), desc(scormPackages.id));
}

type ViewRow = Awaited<ReturnType<typeof viewQuery>>[number];

function toView(r: ViewRow): ScormPackageView {
  const sim = r.targetKind === 'simulation';
  return {
    id: r.id,
    title: r.title,
    version: r.version,
    targetKind: r.targetKind,
    targetId: sim ? r.simulationId : r.certificationId,
    targetName: (sim ? r.simulationName : r.certificationName) ?? null,
    unknownLearners: r.unknownLearners,
    passingScore: r.passingScore,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.createdByName ?? r.createdByUsername ?? null,
    revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
  };
}

/** The tenant's packages, newest first; those of one simulation or certification when named. */
export async function listScormPackages(
  tx: Executor,
  filter: { targetKind?: LmsTargetKind; targetId?: string } = {},
): Promise<ScormPackageView[]> {
  const conditions: SQL[] = [];
  if (filter.targetKind) conditions.push(eq(scormPackages.targetKind, filter.targetKind));
  if (filter.targetId)
    conditions.push(
      filter.targetKind === 'certification'
        ? eq(scormPackages.certificationId, filter.targetId)
        : eq(scormPackages.simulationId, filter.targetId),
    );
  const rows = await viewQuery(tx, conditions.length ? and(...conditions) : undefined);
  return rows.map(toView);
}

/** The simulation's or the (not archived) certification's name, or NOT_FOUND. */
async function targetName(tx: Executor, kind: LmsTargetKind, id: string): Promise<string> {
  const [row] =
    kind === 'simulation'
      ? await tx.select({ name: simulations.name }).from(simulations).where(eq(simulations.id, id))
      : await tx
          .select({ name: certifications.name })
          .from(certifications)
          .where(and(eq(certifications.id, id), isNull(certifications.archivedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'scorm.errors.targetNotFound');
  return row.name;
}

export interface CreatedScormPackage {
  package: ScormPackageView;
  /** The zip's bytes: answered once, never stored. */
  zip: Uint8Array;
  fileName: string;
}

/** A file name for the download: the title's letters and digits, then the version. */
function zipFileName(title: string, version: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'spar';
  return `${base}-scorm-${version.replace('.', '')}.zip`;
}

/**
 * Creates a package of a simulation or certification of the tenant and makes its zip: the
 * manifest, the launch page with Spar's origin, the package's id and its key, and the script.
 */
export async function createScormPackage(
  tx: Executor,
  actor: { tenantId: string; userId: string; origin: string },
  input: CreateScormPackageInput,
): Promise<CreatedScormPackage> {
  await targetName(tx, input.targetKind, input.targetId);
  const key = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(scormPackages)
    .values({
      tenantId: actor.tenantId,
      title: input.title,
      version: input.version,
      targetKind: input.targetKind,
      simulationId: input.targetKind === 'simulation' ? input.targetId : null,
      certificationId: input.targetKind === 'certification' ? input.targetId : null,
      unknownLearners: input.unknownLearners,
      passingScore: input.passingScore,
      keyHash: hashToken(key),
      createdBy: actor.userId,
    })
    .returning({ id: scormPackages.id });
  const [view] = await viewQuery(tx, eq(scormPackages.id, row.id));
  const zip = scormZip({
    packageId: row.id,
    title: input.title,
    version: input.version,
    targetKind: input.targetKind,
    passingScore: input.passingScore,
    origin: actor.origin,
    key,
  });
  return { package: toView(view), zip, fileName: zipFileName(input.title, input.version) };
}

/** The package's zip: imsmanifest.xml at its root, the launch page and its script. */
function scormZip(p: {
  packageId: string;
  title: string;
  version: CreateScormPackageInput['version'];
  targetKind: LmsTargetKind;
  passingScore: number;
  origin: string;
  key: string;
}): Uint8Array {
  const html = launchPageHtml({
    title: p.title,
    config: {
      origin: p.origin.replace(/\/+$/, ''),
      packageId: p.packageId,
      key: p.key,
      version: p.version,
      targetKind: p.targetKind,
      passingScore: p.passingScore,
    },
    texts: packageTexts(),
  });
  const mtime = new Date();
  return zipSync(
    {
      'imsmanifest.xml': [strToU8(scormManifest(p)), { mtime }],
      'index.html': [strToU8(html), { mtime }],
      'spar-scorm.js': [strToU8(LAUNCH_SCRIPT), { mtime }],
    },
    { level: 6 },
  );
}

/** Revokes a package (its launches are refused from now on); revoking it again changes nothing. */
export async function revokeScormPackage(
  tx: Executor,
  actor: { userId: string },
  packageId: string,
): Promise<ScormPackageView> {
  await tx
    .update(scormPackages)
    .set({ revokedAt: new Date(), revokedBy: actor.userId })
    .where(and(eq(scormPackages.id, packageId), isNull(scormPackages.revokedAt)));
  const [view] = await viewQuery(tx, eq(scormPackages.id, packageId));
  if (!view) throw new AppError('NOT_FOUND', 'SCORM package not found');
  return toView(view);
}
