import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client';
import { certifications, scormPackages, simulations, users } from '../../../../db/schema';
import { asSystem, type TenantRunner } from '../../../../db/tenant';
import type { Language } from '../../../contracts/languages';
import type { ScormLaunchInput } from '../../../contracts/scorm';
import type { Env } from '../../../env';
import { AppError, type AppErrorCode } from '../../../errors';
import { hashToken, tokenMatches } from '../../guest-links/tokens';
import { lmsLearnerAccount } from '../learners';
import { openLaunch, refuseLaunch } from '../launches';
import { launchMessage } from './texts';

/*
 * A package's launch, posted by its launch page from the LMS's site. The package is found on the
 * system path (the request names no tenant; the package does), its key compared in constant time;
 * then everything runs in the package's tenant. The LMS learner is one of the tenant's users when
 * their LMS id is a user's e-mail address (any case) or external id, or an account made earlier for
 * them by a package (their LMS identity); anyone else gets what the package says: a guest exercise
 * (simulations only), an account made for them, or a refusal. Each refusal of a known package is
 * written to the tenant's launch log.
 */

/** Why a launch is refused: its sentence is `scorm.launch.<reason>`, also the launch log's error. */
export type ScormRefusal =
  | 'packageInvalid'
  | 'packageRevoked'
  | 'targetMissing'
  | 'learnerRefused'
  | 'guestCertification'
  | 'accountDeactivated';

/** A refusal as answered: the translated sentence, and the reason for the package's page. */
export function refusalError(reason: ScormRefusal | 'malformed' | 'learnerMissing' | 'tokenInvalid', lng: Language) {
  const code: AppErrorCode =
    reason === 'malformed' || reason === 'learnerMissing'
      ? 'VALIDATION'
      : reason === 'tokenInvalid'
        ? 'LMS_LAUNCH_INVALID'
        : 'LMS_LAUNCH_REFUSED';
  return new AppError(code, launchMessage(lng, reason), { reason });
}

/** The launch log's error of a refusal: an i18n key (locales/<lng>/scorm.json). */
const logKey = (reason: ScormRefusal) => `scorm.launch.${reason}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type PackageRow = {
  id: string;
  tenantId: string;
  keyHash: string;
  revokedAt: Date | null;
  targetKind: 'simulation' | 'certification';
  simulationId: string | null;
  certificationId: string | null;
  unknownLearners: 'guest' | 'account' | 'refuse';
};

/** A package by id on the system path (null when there is none). */
async function findPackage(db: Db, packageId: string): Promise<PackageRow | null> {
  return asSystem(db, { action: 'scorm.launch' }, async (tx) => {
    const [row] = await tx
      .select({
        id: scormPackages.id,
        tenantId: scormPackages.tenantId,
        keyHash: scormPackages.keyHash,
        revokedAt: scormPackages.revokedAt,
        targetKind: scormPackages.targetKind,
        simulationId: scormPackages.simulationId,
        certificationId: scormPackages.certificationId,
        unknownLearners: scormPackages.unknownLearners,
      })
      .from(scormPackages)
      .where(eq(scormPackages.id, packageId));
    return row ?? null;
  });
}

/** Whether the package's exercise still exists (a certification: not archived). */
async function targetExists(tx: Tx, p: PackageRow): Promise<boolean> {
  if (p.targetKind === 'simulation') {
    if (!p.simulationId) return false;
    const [s] = await tx.select({ id: simulations.id }).from(simulations).where(eq(simulations.id, p.simulationId));
    return !!s;
  }
  if (!p.certificationId) return false;
  const [c] = await tx
    .select({ id: certifications.id })
    .from(certifications)
    .where(and(eq(certifications.id, p.certificationId), isNull(certifications.archivedAt)));
  return !!c;
}

/** The tenant's user whose e-mail (any case) or external id is the LMS learner id. */
async function matchingUser(tx: Tx, learnerId: string) {
  const [u] = await tx
    .select({ id: users.id, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${learnerId})`, eq(users.externalId, learnerId)))
    .limit(1);
  return u ?? null;
}

type Learner = { userId: string | null } | { refused: ScormRefusal };

async function learnerOf(tx: Tx, p: PackageRow, input: ScormLaunchInput): Promise<Learner> {
  const who = {
    tenantId: p.tenantId,
    source: 'scorm' as const,
    issuer: 'scorm',
    subject: input.learner_id,
    name: input.learner_name,
    email: EMAIL.test(input.learner_id) ? input.learner_id : null,
    // an account made for a learner practises: a rep (a plain user has no role and could not call)
    userType: 'sales_rep' as const,
  };
  const user = await matchingUser(tx, input.learner_id);
  if (user) return user.deactivatedAt ? { refused: 'accountDeactivated' } : { userId: user.id };
  // an account a package made for this learner before (by their LMS identity)
  const known = await lmsLearnerAccount(tx, { ...who, create: false });
  if (known) return { userId: known.userId };
  if (p.unknownLearners === 'refuse') return { refused: 'learnerRefused' };
  if (p.unknownLearners === 'guest')
    return p.targetKind === 'certification' ? { refused: 'guestCertification' } : { userId: null };
  const made = await lmsLearnerAccount(tx, { ...who, create: true });
  return made ? { userId: made.userId } : { refused: 'learnerRefused' };
}

export interface ScormLaunchAnswer {
  launch_id: string;
  url: string;
  token: string;
}

/**
 * Opens a launch of a package for an LMS learner, or throws the refusal (translated in `lng`).
 * `origin`: where the learner page's path is (PUBLIC_URL, or the request's origin).
 */
export async function scormLaunch(
  deps: { db: Db; env: Env; tenantFor: (tenantId: string) => TenantRunner },
  input: ScormLaunchInput,
  at: { origin: string; lng: Language },
): Promise<ScormLaunchAnswer> {
  const { db, env } = deps;
  const p = await findPackage(db, input.package_id);
  // compared even when there is no such package, so a miss costs what a wrong key does
  const keyOk = tokenMatches(input.key, p?.keyHash ?? hashToken(`${input.key}:none`)) && !!p;
  if (!p) throw refusalError('packageInvalid', at.lng);
  const refuse = async (reason: ScormRefusal): Promise<never> => {
    await refuseLaunch(db, {
      tenantId: p.tenantId,
      source: 'scorm',
      packageId: p.id,
      error: logKey(reason),
      learnerId: input.learner_id,
    });
    throw refusalError(reason, at.lng);
  };
  if (!keyOk) return refuse('packageInvalid');
  if (p.revokedAt) return refuse('packageRevoked');
  const tenant = deps.tenantFor(p.tenantId);
  const learner = await tenant(async (tx) => {
    if (!(await targetExists(tx, p))) return { refused: 'targetMissing' as const };
    return learnerOf(tx, p, input);
  });
  if ('refused' in learner) return refuse(learner.refused);
  const opened = await openLaunch(db, env, {
    tenantId: p.tenantId,
    source: 'scorm',
    packageId: p.id,
    targetKind: p.targetKind,
    simulationId: p.simulationId,
    certificationId: p.certificationId,
    userId: learner.userId,
    learnerId: input.learner_id,
    learnerName: input.learner_name ?? null,
  });
  return {
    launch_id: opened.launchId,
    url: `${at.origin.replace(/\/+$/, '')}${opened.path}`,
    token: opened.token,
  };
}
