import { tenantAudited } from '../../trpc/audit-origin';
import { ACCESS } from '../../access/roles';
import {
  campaignIdInput,
  campaignInput,
  campaignListOutput,
  campaignOutput,
  exportLinksOutput,
  linkFilterInput,
  listLinksInput,
  listLinksOutput,
  updateCampaignInput,
} from '../../contracts/campaigns';
import { z } from 'zod';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from '../../services/campaigns/campaigns';
import { exportLinks, listLinks } from '../../services/campaigns/links';
import { accessProcedure, router } from '../../trpc/init';

/** The CTA screen belongs to sales_manager (and superuser, who passes every check). */
const cta = () => accessProcedure({ roles: ACCESS.campaignOwners });

/**
 * The /cta screen: campaigns, the all-links table and its CSV. (Generating links is the streamed
 * POST /api/v1/cta/links/generate in server/rest/v1/cta.ts, so the screen can show progress.)
 */
export const campaignsRouter = router({
  list: cta()
    .output(campaignListOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ rows: await listCampaigns(tx) }))),

  create: cta()
    .input(campaignInput)
    .output(campaignOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => createCampaign({ tx, tenantId: ctx.tenantId, userId: ctx.user.id, input })),
    ),

  update: cta()
    .input(updateCampaignInput)
    .output(campaignOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => updateCampaign(tx, input))),

  delete: cta()
    .input(campaignIdInput)
    .output(z.object({ id: z.uuid(), links: z.number().int() }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteCampaign(tx, input.id))),

  links: cta()
    .input(listLinksInput)
    .output(listLinksOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => listLinks(tx, input))),

  exportLinks: cta()
    .input(linkFilterInput)
    .output(exportLinksOutput)
    .query(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => exportLinks(tx, input),
        (r) => ({ action: 'export.campaign_links', target: r.filename, detail: `${r.rows} rows` }),
      ),
    ),
});
