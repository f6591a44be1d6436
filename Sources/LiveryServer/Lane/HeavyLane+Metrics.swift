extension HeavyLane {
    /// The lane's figures in the Prometheus text format, for `/metrics` (docs/operations.md,
    /// "Health and metrics"): what runs and waits now, and the requests refused so far.
    var metricsText: String {
        let figures = self.figures
        return "# HELP livery_lane_running Heavy jobs running now (at most lane.heavyJobs).\n"
            + "# TYPE livery_lane_running gauge\nlivery_lane_running \(figures.running)\n"
            + "# HELP livery_lane_queued Heavy jobs waiting for a place now.\n"
            + "# TYPE livery_lane_queued gauge\nlivery_lane_queued \(figures.queued)\n"
            + "# HELP livery_lane_slots Heavy jobs that may run at once (lane.heavyJobs).\n"
            + "# TYPE livery_lane_slots gauge\nlivery_lane_slots \(slots)\n"
            + "# HELP livery_lane_refused_total Heavy requests answered 503, by why: the queue was full, or the deadline passed.\n"
            + "# TYPE livery_lane_refused_total counter\n"
            + "livery_lane_refused_total{reason=\"full\"} \(figures.refused)\n"
            + "livery_lane_refused_total{reason=\"deadline\"} \(figures.expired)\n"
    }
}
