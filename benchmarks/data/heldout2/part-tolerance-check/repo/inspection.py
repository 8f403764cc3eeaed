"""Incoming inspection of machined parts: each measured dimension against its drawing."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Dimension:
    name: str
    nominal_mm: float
    tol_mm: float  # symmetric tolerance: nominal +- tol


def deviation(dim, measured_mm):
    return round(measured_mm - dim.nominal_mm, 4)


def within(dim, measured_mm):
    return deviation(dim, measured_mm) <= dim.tol_mm


def inspect(drawing, measurements):
    """Names of the dimensions out of tolerance or not measured, in drawing order."""
    rejects = []
    for dim in drawing:
        value = measurements.get(dim.name)
        if value is None or not within(dim, value):
            rejects.append(dim.name)
    return rejects


def verdict(drawing, measurements):
    rejects = inspect(drawing, measurements)
    return "accept" if not rejects else "reject: " + ", ".join(rejects)
