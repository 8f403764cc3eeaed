"""Weather station network: monthly rainfall figures."""


def monthly_totals(readings):
    """Millimetres per (station, 'YYYY-MM') from (station, 'YYYY-MM-DD', mm) readings."""
    totals = {}
    for station, day, mm in readings:
        key = (station, day[:7])
        totals[key] = totals.get(key, 0.0) + mm
    return totals


def station_summary(station, daily_mm):
    """One station's days, wet days (>= 1 mm), total and mean per day, both to 0.1 mm."""
    total = sum(daily_mm)
    return {
        "station": station,
        "days": len(daily_mm),
        "wet_days": sum(1 for mm in daily_mm if mm >= 1.0),
        "total_mm": round(total, 1),
        "mean_mm": total / len(daily_mm) if daily_mm else 0.0,
    }


def wettest(summaries):
    """The station with the highest total (ties: the first one), or None."""
    best = None
    for s in summaries:
        if best is None or s["total_mm"] > best["total_mm"]:
            best = s
    return best["station"] if best else None
