import { BarChart } from '@mantine/charts';
import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countOf } from '@/lib/format';
import { MONEY_RULE } from '@/lib/status/money';
import { colourLabel, mantineColour, STATUS_COLOURS, type StatusColour } from '@/lib/status/status';
import type { DashboardFreelancer, DashboardJob, DashboardMoney, DashboardStats } from '../rules';
import {
  formatDuration,
  formatMinor,
  formatPercent,
  moneyByCurrency,
  weekLabel,
  weekRows,
} from '../rules';
import { ChartCard } from './chart-card';

const CHART_HEIGHT = 260;

/** Charts read their colours from the status rule's twin, never a copy. */
const colourSeries = STATUS_COLOURS.map((c) => ({
  name: colourLabel[c],
  color: mantineColour[c],
}));

/** The built-in charts of one range's figures. */
export function StatsCharts({ stats }: { stats: DashboardStats }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FillCard stats={stats} />
        <AnswerCard stats={stats} />
      </SimpleGrid>
      <WeeksChart stats={stats} />
      {moneyByCurrency(stats.money).map(([currency, rows]) => (
        <MoneyChart key={currency} currency={currency} rows={rows} spend={stats.spendShown} />
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <JobsChart jobs={stats.jobs} />
        <FreelancersChart freelancers={stats.freelancers} />
      </SimpleGrid>
    </Stack>
  );
}

function FillCard({ stats }: { stats: DashboardStats }) {
  const { placements, filled, rate } = stats.fill;
  return (
    <Card withBorder padding="md" component="section" aria-label="Fill rate">
      <Title order={2} size="h4">
        Fill rate
      </Title>
      <Text size="xl" fw={700}>
        {rate == null ? '—' : formatPercent(rate)}
      </Text>
      <Progress value={rate == null ? 0 : rate * 100} color="teal.9" mt="xs" aria-hidden />
      <Text size="sm" c="dimmed" mt="xs">
        {filled} of {countOf(placements, 'placement')} filled (a confirmed freelancer)
      </Text>
    </Card>
  );
}

function AnswerCard({ stats }: { stats: DashboardStats }) {
  const { answered, medianSeconds } = stats.answers;
  return (
    <Card withBorder padding="md" component="section" aria-label="Median time to answer an offer">
      <Title order={2} size="h4">
        Median time to answer an offer
      </Title>
      <Text size="xl" fw={700}>
        {medianSeconds == null ? '—' : formatDuration(medianSeconds)}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Over {countOf(answered, 'answered offer')}
      </Text>
    </Card>
  );
}

function WeeksChart({ stats }: { stats: DashboardStats }) {
  const rows = weekRows(stats);
  const count = (w: DashboardStats['weeks'][number], c: StatusColour) =>
    w.colours.find((x) => x.colour === c)?.placements ?? 0;
  return (
    <ChartCard
      title="Placements per week by status"
      summary={`${countOf(stats.fill.placements, 'placement')} over ${countOf(stats.weeks.length, 'week')}, each in the colour of its worst instruction.`}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={rows}
          dataKey="week"
          type="stacked"
          series={colourSeries}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
        />
      }
      rows={stats.weeks}
      rowKey={(w) => w.weekStart}
      columns={[
        { label: 'Week of', value: (w) => weekLabel(w.weekStart) },
        ...STATUS_COLOURS.map((c) => ({
          label: colourLabel[c],
          value: (w: DashboardStats['weeks'][number]) => count(w, c),
          numeric: true,
        })),
        { label: 'Total', value: (w) => w.total, numeric: true },
      ]}
    />
  );
}

function MoneyChart({
  currency,
  rows,
  spend,
}: {
  currency: string;
  rows: DashboardMoney[];
  spend: boolean;
}) {
  const data = rows.map((m) => ({
    client: m.clientName,
    Charge: m.charge / 100,
    ...(spend ? { Spend: (m.spend ?? 0) / 100 } : {}),
    Pipeline: m.pipeline / 100,
  }));
  const series = [{ name: 'Charge', color: 'blue.6' }];
  if (spend) series.push({ name: 'Spend', color: 'grape.6' });
  series.push({ name: 'Pipeline', color: 'gray.5' });
  return (
    <ChartCard
      title={
        spend ? `Spend and charge per client (${currency})` : `Charge per client (${currency})`
      }
      summary={`Confirmed work in ${currency}, per client, with the pipeline (${MONEY_RULE.pipeline}) apart, never added to it; ${MONEY_RULE.nothing}. Other currencies have their own chart.`}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="client"
          series={series}
          withLegend
          valueFormatter={(v) => formatMinor(Math.round(v * 100), currency)}
        />
      }
      rows={rows}
      rowKey={(m) => `${m.clientId}-${m.currency}`}
      columns={[
        { label: 'Client', value: (m) => m.clientName },
        { label: 'Charge', value: (m) => formatMinor(m.charge, m.currency), numeric: true },
        ...(spend
          ? [
              {
                label: 'Spend',
                value: (m: DashboardMoney) => formatMinor(m.spend ?? 0, m.currency),
                numeric: true,
              },
            ]
          : []),
        { label: 'Pipeline', value: (m) => formatMinor(m.pipeline, m.currency), numeric: true },
      ]}
    />
  );
}

const jobTitle = (j: DashboardJob) => j.title || 'Without a job template';

function JobsChart({ jobs }: { jobs: DashboardJob[] }) {
  return (
    <ChartCard
      title="Top job titles"
      summary="Job templates with the most placements."
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={jobs.map((j) => ({ job: jobTitle(j), Placements: j.placements }))}
          dataKey="job"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          series={[{ name: 'Placements', color: 'teal.6' }]}
        />
      }
      rows={jobs}
      rowKey={(j) => String(j.jobTemplateId ?? 'none')}
      columns={[
        { label: 'Job title', value: jobTitle },
        { label: 'Placements', value: (j) => j.placements, numeric: true },
      ]}
    />
  );
}

function FreelancersChart({ freelancers }: { freelancers: DashboardFreelancer[] }) {
  return (
    <ChartCard
      title="Freelancers with most accepted work"
      summary="Instructions accepted by both the freelancer and the client."
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={freelancers.map((f) => ({ name: f.name, Accepted: f.accepted }))}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          series={[{ name: 'Accepted', color: 'indigo.6' }]}
        />
      }
      rows={freelancers}
      rowKey={(f) => String(f.userId)}
      columns={[
        { label: 'Freelancer', value: (f) => f.name },
        { label: 'Accepted', value: (f) => f.accepted, numeric: true },
      ]}
    />
  );
}
